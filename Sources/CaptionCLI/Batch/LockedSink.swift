import CaptionRuntime

/// A sink several threads write to, one whole write at a time.
final class LockedSink: ByteSink, @unchecked Sendable {
  private let sink: ByteSink
  private let lock = Locked(())

  init(_ sink: ByteSink) {
    self.sink = sink
  }

  func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(WriteFailure) {
    let result: Result<Void, WriteFailure> = lock.withLock { _ in
      do throws(WriteFailure) {
        try sink.write(bytes)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
  }
}
