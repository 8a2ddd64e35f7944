import CaptionCore
import CaptionRuntime

/// Resamples decoded audio to mono 16 kHz and runs the detector over it, on a thread of its
/// own when asked and the machine has more than one core, so that this work overlaps
/// demuxing and decoding. Batches pass through a queue of at most `capacity`: a slow worker
/// makes decoding wait instead of growing memory.
final class ActivityWorker: @unchecked Sendable {
  static let capacity = 4

  private let condition = ConditionLock()
  /// Guarded by `condition`.
  private var queue: [DecodedAudio] = []
  /// Batches the worker is done with, for the decoding side to fill again.
  private var spare: [DecodedAudio] = []
  private var closed = false
  private var outcome: Result<AudioActivity, Error>?
  /// Owned by the worker once it runs.
  private var detector: AudioActivityDetector
  private var resampler: Resampler?
  private var output: [Float] = []
  private var inputRate = 1
  private var threaded: Bool
  private var started = false

  /// A worker that runs on a thread of its own when `threaded` and there is a core for it.
  init(options: AudioActivityOptions, threaded: Bool) {
    detector = AudioActivityDetector(options: options)
    self.threaded = threaded && WorkerThread.processorCount > 1
  }

  /// Hands over the resampler, set up for the decoded audio, and starts the worker.
  func start(resampler: Resampler, inputRate: Int) {
    guard !started else { return }
    started = true
    self.resampler = resampler
    self.inputRate = max(1, inputRate)
    guard threaded else { return }
    // Without a thread to be had, the work is done on the decoding side after all.
    if !WorkerThread.start({ [self] in run() }) { threaded = false }
  }

  /// Takes the next batch of decoded audio (from the decoding thread).
  func push(_ batch: DecodedAudio) throws {
    guard threaded else {
      try resample(batch)
      return
    }
    condition.lock()
    defer { condition.unlock() }
    while queue.count >= Self.capacity && !closed { condition.wait() }
    if case .failure(let error)? = outcome { throw error }
    if closed { return }
    queue.append(batch)
    condition.broadcast()
  }

  /// An emptied batch to fill again, when the worker has one.
  func reusableBatch() -> DecodedAudio? {
    guard threaded else { return nil }
    condition.lock()
    defer { condition.unlock() }
    return spare.popLast()
  }

  /// Waits for the worker to finish the audio pushed so far and returns the activity.
  func finish() throws -> AudioActivity {
    guard threaded && started else {
      try flush()
      return detector.finish()
    }
    condition.lock()
    defer { condition.unlock() }
    closed = true
    condition.broadcast()
    while outcome == nil { condition.wait() }
    return try outcome?.get() ?? AudioActivity(segments: [], duration: .zero)
  }

  /// Stops the worker after a failure, without waiting for it.
  func cancel() {
    condition.lock()
    queue.removeAll()
    closed = true
    condition.broadcast()
    condition.unlock()
  }

  private func run() {
    var result: Result<AudioActivity, Error>
    do {
      while var batch = take() {
        try resample(batch)
        batch.reset()
        condition.lock()
        if spare.count <= Self.capacity { spare.append(batch) }
        condition.unlock()
      }
      try flush()
      result = .success(detector.finish())
    } catch {
      result = .failure(error)
    }
    condition.lock()
    outcome = result
    closed = true
    queue.removeAll()
    condition.broadcast()
    condition.unlock()
  }

  private func take() -> DecodedAudio? {
    condition.lock()
    defer { condition.unlock() }
    while queue.isEmpty && !closed { condition.wait() }
    if queue.isEmpty { return nil }
    let batch = queue.removeFirst()
    condition.broadcast()
    return batch
  }

  private func resample(_ batch: DecodedAudio) throws {
    guard let resampler, batch.sampleCount > 0 else { return }
    let pending = resampler.delay(at: Int64(inputRate)) + Int64(batch.sampleCount)
    let capacity = Int(pending * Int64(AudioActivityDetector.sampleRate) / Int64(inputRate)) + 64
    try batch.withPlanes { planes in
      try convert(capacity: capacity) { out, room in
        try resampler.convert(
          planes: planes, count: Int32(batch.sampleCount), into: out, capacity: room)
      }
    }
  }

  private func flush() throws {
    guard let resampler else { return }
    try convert(capacity: 4096) { out, room in
      try resampler.convert(nil, into: out, capacity: room)
    }
  }

  /// Runs `body` with an output plane of `capacity` floats and feeds what it wrote to the
  /// detector.
  private func convert(
    capacity: Int,
    _ body: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, Int32) throws -> Int32
  ) throws {
    if output.count < capacity { output = [Float](repeating: 0, count: capacity) }
    let written = try output.withUnsafeMutableBufferPointer { samples -> Int32 in
      guard let base = samples.baseAddress else { return 0 }
      var plane: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(base)
        .assumingMemoryBound(to: UInt8.self)
      return try body(&plane, Int32(samples.count))
    }
    guard written > 0 else { return }
    output.withUnsafeBufferPointer { samples in
      detector.process(UnsafeBufferPointer(rebasing: samples[0..<Int(written)]))
    }
  }
}
