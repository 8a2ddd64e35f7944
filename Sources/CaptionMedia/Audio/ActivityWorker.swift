import CaptionCore
import CaptionRuntime

/// Resamples decoded audio to mono 16 kHz and runs the detector over it, on a thread of its
/// own when asked and the machine has more than one core, so that this work overlaps
/// demuxing and decoding. Batches pass through a queue of at most `capacity`: a slow worker
/// makes decoding wait instead of growing memory.
final class ActivityWorker: DecodedAudioSink, @unchecked Sendable {
  /// Enough for two decoding lanes (`ChunkedDecoding`) to go on while the worker takes a
  /// chunk's batches (with 16, `speech` on an hour of 48 kHz stereo AAC took 6% longer); 12 MB
  /// of stereo float.
  static let capacity = 48
  /// Emptied batches kept to fill again: enough for the queue and what two decoding lanes
  /// hold, so batches are not made anew (16 MB of stereo float at most).
  static let spareCapacity = 64

  private let condition = ConditionLock()
  /// Guarded by `condition`.
  private var queue: [DecodedAudio] = []
  /// Batches the worker is done with, for the decoding side to fill again.
  private var spare: [DecodedAudio] = []
  private var closed = false
  private var outcome: Result<AudioActivity, Error>?
  /// Owned by the worker once it runs.
  private var detector: AudioActivityDetector
  private var downsampling: Downsampling?
  private var output: [Float] = []
  private var inputRate = 1
  private var threaded: Bool
  private var started = false

  /// Whether the work runs on a thread of its own (until it cannot start one).
  var isThreaded: Bool { threaded }

  /// A worker that runs on a thread of its own when `threaded` and there is a core for it.
  init(options: AudioActivityOptions, threaded: Bool) {
    detector = AudioActivityDetector(options: options)
    self.threaded = threaded && WorkerThread.processorCount > 1
  }

  /// Sets up the conversion to mono 16 kHz for audio in `layout` from `decoder`, and starts
  /// the worker.
  func begin(_ layout: AudioLayout, decoder: CodecContext) throws {
    if let decimator = MonoDecimator(
      format: layout.format, channels: layout.channels, rate: layout.rate)
    {
      start(.decimator(decimator), inputRate: layout.rate)
    } else {
      let resampler = try Resampler(
        from: decoder, outputChannels: 1, outputRate: Int32(AudioActivityDetector.sampleRate),
        filterSize: 8)
      start(.resampler(resampler), inputRate: layout.rate)
    }
  }

  /// Hands over the conversion to mono 16 kHz, set up for the decoded audio, and starts the
  /// worker.
  func start(_ downsampling: Downsampling, inputRate: Int) {
    guard !started else { return }
    started = true
    self.downsampling = downsampling
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
        if spare.count < Self.spareCapacity { spare.append(batch) }
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
    guard let downsampling, batch.sampleCount > 0 else { return }
    guard case .resampler(let resampler) = downsampling else {
      batch.withPlanes { planes in
        decimate { $0.process(planes: planes, count: batch.sampleCount, $1) }
      }
      return
    }
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
    guard let downsampling else { return }
    guard case .resampler(let resampler) = downsampling else {
      decimate { $0.flush($1) }
      return
    }
    try convert(capacity: 4096) { out, room in
      try resampler.convert(nil, into: out, capacity: room)
    }
  }

  /// Runs `body` with the decimator and a function that feeds the detector.
  private func decimate(
    _ body: (inout MonoDecimator, (UnsafeBufferPointer<Float>) -> Void) -> Void
  ) {
    guard case .decimator(var decimator) = downsampling else { return }
    // Taken out while it works, so it is not copied.
    downsampling = nil
    body(&decimator) { detector.process($0) }
    downsampling = .decimator(decimator)
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

/// How decoded audio becomes the detector's mono 16 kHz: `MonoDecimator` where it can (float
/// audio of one or two channels at 16, 32 or 48 kHz), FFmpeg's resampler otherwise.
enum Downsampling {
  case decimator(MonoDecimator)
  case resampler(Resampler)
}
