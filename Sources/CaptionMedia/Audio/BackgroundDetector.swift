import Foundation

/// Runs an `AudioActivityDetector` on a thread of its own, fed one-second chunks through a
/// short queue, so detection overlaps decoding on a second core. The queue holds at most
/// `capacity` chunks: a slow detector makes decoding wait instead of growing memory.
final class BackgroundDetector: @unchecked Sendable {
  static let chunkSize = AudioActivityDetector.sampleRate
  static let capacity = 4

  private let condition = NSCondition()
  /// Guarded by `condition`.
  private var queue: [[Float]] = []
  private var closed = false
  private var result: AudioActivity?
  /// Only the producer touches these.
  private var pending: [Float] = []
  private var inline: AudioActivityDetector?

  /// A detector that works on another thread when the machine has more than one core, and
  /// inline otherwise.
  init(options: AudioActivityOptions) {
    pending.reserveCapacity(Self.chunkSize)
    let detector = AudioActivityDetector(options: options)
    if ProcessInfo.processInfo.activeProcessorCount < 2 {
      inline = detector
      return
    }
    let thread = Thread { [self] in run(detector) }
    thread.name = "captionkit-audio-activity"
    thread.start()
  }

  private func run(_ detector: AudioActivityDetector) {
    var detector = detector
    while let chunk = take() {
      chunk.withUnsafeBufferPointer { detector.process($0) }
    }
    let activity = detector.finish()
    condition.lock()
    result = activity
    condition.broadcast()
    condition.unlock()
  }

  private func take() -> [Float]? {
    condition.lock()
    defer { condition.unlock() }
    while queue.isEmpty && !closed { condition.wait() }
    if queue.isEmpty { return nil }
    let chunk = queue.removeFirst()
    condition.broadcast()
    return chunk
  }

  private func put(_ chunk: [Float]) {
    condition.lock()
    while queue.count >= Self.capacity && !closed { condition.wait() }
    queue.append(chunk)
    condition.broadcast()
    condition.unlock()
  }

  /// Takes the next samples (mono, 16 kHz).
  func process(_ samples: UnsafeBufferPointer<Float>) {
    if inline != nil {
      inline?.process(samples)
      return
    }
    var offset = 0
    while offset < samples.count {
      let count = min(samples.count - offset, Self.chunkSize - pending.count)
      pending.append(contentsOf: UnsafeBufferPointer(rebasing: samples[offset..<offset + count]))
      offset += count
      if pending.count == Self.chunkSize {
        put(pending)
        pending = []
        pending.reserveCapacity(Self.chunkSize)
      }
    }
  }

  /// Hands over what is left, waits for the detector and returns its activity.
  func finish() -> AudioActivity {
    if let detector = inline {
      var detector = detector
      inline = nil
      return detector.finish()
    }
    if !pending.isEmpty { put(pending) }
    pending = []
    condition.lock()
    defer { condition.unlock() }
    closed = true
    condition.broadcast()
    while result == nil { condition.wait() }
    return result ?? AudioActivity(segments: [], duration: .zero)
  }

  /// Stops the thread without waiting for a result (after a failure).
  func cancel() {
    condition.lock()
    queue.removeAll()
    closed = true
    condition.broadcast()
    condition.unlock()
  }
}
