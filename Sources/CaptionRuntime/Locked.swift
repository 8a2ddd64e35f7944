/// A value that several threads read and change, one at a time, under a pthread mutex (which
/// ThreadSanitizer sees, unlike the standard library's `Mutex`, whose lock is compiled
/// outside the instrumented code).
package final class Locked<Value>: @unchecked Sendable {
  private let lock = ConditionLock()
  /// Read and changed only with `lock` held.
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` on the value with the lock held.
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
