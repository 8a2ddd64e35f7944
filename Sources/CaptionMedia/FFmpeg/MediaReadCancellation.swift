import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Stops the media reads of one piece of work from another thread: every file opened while
/// the cancellation is current on a thread (`whileCurrent`) polls it through FFmpeg's
/// interrupt callback, so a read in progress ends with `FFmpegError.Kind.interrupted` soon
/// after `cancel()` (between packets, or when a blocking read gives up).
public final class MediaReadCancellation: Sendable {
  private let cancelled = Atomic<Bool>(false)

  public init() {}

  /// Stops the reads of files opened under this cancellation, now and later.
  public func cancel() { cancelled.store(true, ordering: .relaxed) }

  public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

  /// Runs `body` with this cancellation current on the calling thread.
  public func whileCurrent<Result>(_ body: () throws -> Result) rethrows -> Result {
    let previous = pthread_getspecific(Self.key)
    pthread_setspecific(Self.key, Unmanaged.passUnretained(self).toOpaque())
    defer { pthread_setspecific(Self.key, previous) }
    return try body()
  }

  /// The cancellation current on the calling thread, if any.
  static var current: MediaReadCancellation? {
    guard let raw = pthread_getspecific(key) else { return nil }
    return Unmanaged<MediaReadCancellation>.fromOpaque(raw).takeUnretainedValue()
  }

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()
}
