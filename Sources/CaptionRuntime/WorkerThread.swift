#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts a detached thread of its own for a body of work, so that a worker stuck in a
/// blocking read (decoding audio, a batch input on a slow disk) never holds up a shared
/// thread pool. The body owns what it captures; it hands results back through a
/// `ConditionLock`.
package enum WorkerThread {
  private final class Body {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
  }

  /// Runs `body` on a new thread; false when the system refuses one.
  @discardableResult
  package static func start(_ body: @escaping () -> Void) -> Bool {
    // The body is handed to the new thread as one retained reference, taken back there.
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

  /// The processors online (at least 1).
  package static var processorCount: Int {
    max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }
}
