internal import CFFmpeg
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A time limit for FFmpeg's blocking reads: FFmpeg polls `isExpired` through the format
/// context's interrupt callback and stops the read with `AVERROR_EXIT` once it is past.
final class InterruptDeadline: Sendable {
  /// The limit in nanoseconds of the monotonic clock; `UInt64.max` is none.
  private let limit: Atomic<UInt64>
  /// The calling thread's cancellation when the deadline was made: it ends reads too.
  private let cancellation: MediaReadCancellation?

  /// A deadline `seconds` from now, or none when nil.
  init(seconds: Double?) {
    limit = Atomic(InterruptDeadline.limit(after: seconds))
    cancellation = MediaReadCancellation.current
  }

  /// Moves the deadline to `seconds` from now (nil removes it).
  func extend(seconds: Double?) {
    limit.store(InterruptDeadline.limit(after: seconds), ordering: .relaxed)
  }

  /// Stops any read now.
  func cancel() { limit.store(0, ordering: .relaxed) }

  var isExpired: Bool {
    if cancellation?.isCancelled == true { return true }
    let current = limit.load(ordering: .relaxed)
    return current != .max && InterruptDeadline.now() >= current
  }

  private static func limit(after seconds: Double?) -> UInt64 {
    guard let seconds, seconds.isFinite else { return .max }
    let nanoseconds = max(0, seconds) * 1e9
    return nanoseconds >= Double(UInt64.max / 2) ? .max : now() + UInt64(nanoseconds)
  }

  private static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  /// The callback FFmpeg polls; `opaque` is an unretained `InterruptDeadline` that the
  /// format context's owner keeps alive.
  static let callback: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { opaque in
    guard let opaque else { return 0 }
    return Unmanaged<InterruptDeadline>.fromOpaque(opaque).takeUnretainedValue().isExpired
      ? 1 : 0
  }
}
