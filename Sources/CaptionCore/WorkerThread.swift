import Synchronization

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
    let started = startLingering {
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

extension WorkerThread {
  /// Runs `body` on another thread that, once done, waits a few milliseconds for more such
  /// work before it ends, turning rather than asleep at first; false when no thread can be
  /// had. The phases of checking a large file (reading its two parts, its cue rules, the
  /// wording of its report) each hand work to a second thread: they get the same one, which
  /// is running already. A new thread, or one woken from sleep, may take milliseconds to
  /// start on an idle processor of a virtual machine.
  @discardableResult
  package static func startLingering(_ body: @escaping () -> Void) -> Bool {
    if let waiting = LingeringThread.take() {
      waiting.hand(body)
      return true
    }
    return start { LingeringThread.run(body) }
  }

  /// Starts a lingering thread with no work yet, when none is waiting, so that work handed to
  /// one within a few milliseconds (the later part of a large file, once it is loaded) starts
  /// at once.
  package static func prepareLingering() {
    guard !LingeringThread.anyWaiting else { return }
    _ = start { LingeringThread.run({}) }
  }
}

/// A thread that has run its work and waits for more: first turning (checking a flag) for
/// `turning` seconds, then asleep for `sleeping` seconds, then it ends.
private final class LingeringThread: @unchecked Sendable {
  static let turning = 0.012
  static let sleeping = 0.1

  /// The threads waiting, the latest last; guarded by `poolLock`.
  nonisolated(unsafe) private static var pool: [LingeringThread] = []
  private static let poolLock = ConditionLock()

  /// Set when work is handed, for the turning wait to see without the lock.
  private let handed = Atomic<Bool>(false)
  private let lock = ConditionLock()
  /// The work handed; guarded by `lock`.
  private var work: (() -> Void)?

  static var anyWaiting: Bool {
    poolLock.lock()
    defer { poolLock.unlock() }
    return !pool.isEmpty
  }

  /// A waiting thread, taken out of the pool: it is owed work (`hand`).
  static func take() -> LingeringThread? {
    poolLock.lock()
    defer { poolLock.unlock() }
    return pool.popLast()
  }

  func hand(_ body: @escaping () -> Void) {
    lock.lock()
    work = body
    handed.store(true, ordering: .releasing)
    lock.broadcast()
    lock.unlock()
  }

  /// Runs `first`, then each piece of work handed to this thread, until none comes in time.
  static func run(_ first: @escaping () -> Void) {
    var body = first
    while true {
      body()
      let waiting = LingeringThread()
      poolLock.lock()
      pool.append(waiting)
      poolLock.unlock()
      guard let next = waiting.next() else { return }
      body = next
    }
  }

  /// The work handed to this thread; nil when none came in time and it left the pool.
  private func next() -> (() -> Void)? {
    let started = Self.seconds()
    var turns = 0
    while !handed.load(ordering: .acquiring) {
      turns += 1
      if turns & 255 == 0, Self.seconds() - started > Self.turning { break }
    }
    lock.lock()
    while work == nil, lock.wait(seconds: Self.sleeping) {}
    if let work {
      self.work = nil
      lock.unlock()
      return work
    }
    lock.unlock()
    // Leave the pool, unless this thread was taken meanwhile: then its work is on the way.
    Self.poolLock.lock()
    if let index = Self.pool.firstIndex(where: { $0 === self }) {
      Self.pool.remove(at: index)
      Self.poolLock.unlock()
      return nil
    }
    Self.poolLock.unlock()
    lock.lock()
    defer { lock.unlock() }
    while work == nil { lock.wait() }
    let body = work
    work = nil
    return body
  }

  private static func seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
