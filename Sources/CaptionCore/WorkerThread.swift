#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts a detached thread of its own for a body of work, so that a worker stuck in a
/// blocking read never holds up a shared thread pool.
package enum WorkerThread {
  private final class Body {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
  }

  /// Runs `body` on a new thread; false when the system refuses one.
  @discardableResult
  package static func start(_ body: @escaping () -> Void) -> Bool {
    let box = Unmanaged.passRetained(Body(body)).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    let status = pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
        return nil
      }, box)
    guard status == 0 else {
      Unmanaged<Body>.fromOpaque(box).release()
      return false
    }
    #if canImport(Glibc)
      pthread_detach(thread)
    #else
      if let thread { pthread_detach(thread) }
    #endif
    return true
  }
}

extension WorkerThread {
  /// The processors online (at least 1).
  package static var processorCount: Int {
    return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }
}

extension WorkerThread {
  private final class Outcome<Value>: @unchecked Sendable {
    let lock = ConditionLock()
    /// Guarded by `lock`.
    var value: Value?
  }

  /// Runs `other` on a thread of its own while this thread runs `body`, and returns both
  /// results once both are done; when no thread can be started, `other` runs here after
  /// `body`.
  package static func run<First, Second: Sendable>(
    _ body: () -> First, alongside other: @escaping @Sendable () -> Second
  ) -> (First, Second) {
    let outcome = Outcome<Second>()
    let started = start {
      let value = other()
      outcome.lock.lock()
      outcome.value = value
      outcome.lock.broadcast()
      outcome.lock.unlock()
    }
    let first = body()
    guard started else { return (first, other()) }
    outcome.lock.lock()
    defer { outcome.lock.unlock() }
    while true {
      if let second = outcome.value { return (first, second) }
      outcome.lock.wait()
    }
  }
}
