import Synchronization

#if os(Linux)
  import CThreadPlacement
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts a detached thread of its own for a body of work, so that a worker stuck in a
/// blocking read never holds up a shared thread pool; or, for work that never blocks (the
/// phases of checking a large file), hands it to a thread that finished such work a moment
/// ago (`startLingering`).
package enum WorkerThread {
  private final class Body {
    let run: () -> Void
    /// The processors the thread may run on once started on others (`startingProcessors`).
    var allowed: [Int32]?
    init(_ run: @escaping () -> Void) { self.run = run }
  }

  /// Runs `body` on a new thread; false when the system refuses one.
  ///
  /// The thread starts on another processor than the one this thread runs on, when it may
  /// run on another, and then may run on all this thread may: on a virtual machine the system
  /// often puts a new thread on its maker's processor while another is idle, and moves it only
  /// after the two took turns on one for several milliseconds.
  @discardableResult
  package static func start(_ body: @escaping () -> Void) -> Bool {
    let made = Body(body)
    let box = Unmanaged.passRetained(made).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    func create(_ attributes: UnsafePointer<pthread_attr_t>?) -> Int32 {
      pthread_create(
        &thread, attributes,
        { raw in
          guard let raw else { return nil }
          let body = Unmanaged<Body>.fromOpaque(raw).takeRetainedValue()
          #if os(Linux)
            if let allowed = body.allowed { _ = ck_run_on(allowed, Int32(allowed.count)) }
          #endif
          body.run()
          return nil
        }, box)
    }
    var status: Int32
    #if os(Linux)
      var attributes = pthread_attr_t()
      pthread_attr_init(&attributes)
      defer { pthread_attr_destroy(&attributes) }
      let allowed = allowedProcessors()
      if let allowed,
        let others = startingProcessors(allowed: allowed, here: ck_current_processor()),
        ck_start_on(&attributes, others, Int32(others.count)) == 0
      {
        made.allowed = allowed
        status = create(&attributes)
        if status != 0 {
          made.allowed = nil
          status = create(nil)
        }
      } else {
        status = create(nil)
      }
    #else
      status = create(nil)
    #endif
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
  /// The processors a new thread starts on, of those it may run on (`allowed`), when its maker
  /// runs on `here` (-1 when unknown): all but that one; nil when no other is allowed or
  /// `here` is not one of them.
  package static func startingProcessors(allowed: [Int32], here: Int32) -> [Int32]? {
    guard here >= 0, allowed.contains(here) else { return nil }
    let others = allowed.filter { $0 != here }
    return others.isEmpty ? nil : others
  }

  #if os(Linux)
    /// The processors this thread may run on; nil when they cannot be known.
    package static func allowedProcessors() -> [Int32]? {
      let processors = [Int32](unsafeUninitializedCapacity: Int(ck_processor_limit)) {
        buffer, count in
        count = Int(max(0, ck_allowed_processors(buffer.baseAddress)))
      }
      return processors.isEmpty ? nil : processors
    }
  #endif

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

  /// Runs `other` on another thread (a lingering one, `startLingering`) while this thread
  /// runs `body`, and returns both results once both are done; when no thread can be had,
  /// `other` runs here after `body`.
  package static func run<First, Second: Sendable>(
    _ body: () -> First, alongside other: @escaping @Sendable () -> Second
  ) -> (First, Second) {
    let outcome = Outcome<Second>()
    nonisolated(unsafe) var value: Second?
    // The value is handed over once the thread is back among the waiting ones, so that work
    // handed out next, right after this returns, goes to it instead of a new thread.
    let started = startLingering {
      value = other()
    } then: {
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
      outcome.lock.wait(turning: OrderedParallelMap.turning)
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
  ///
  /// `afterwards` runs on the same thread once it waits for work again: a caller that learns
  /// from it that `body` is done may hand out more work at once and find the thread there
  /// (a second thread turning all the while would take a processor from the two at work).
  @discardableResult
  package static func startLingering(
    _ body: @escaping () -> Void, then afterwards: (() -> Void)? = nil
  ) -> Bool {
    LingeringThreads.shared.start(body, then: afterwards)
  }

  /// Starts a lingering thread with no work yet, when none is waiting, so that work handed to
  /// one within a few milliseconds (the later part of a large file, once it is loaded) starts
  /// at once.
  package static func prepareLingering() {
    LingeringThreads.shared.prepare()
  }
}

/// Threads that have run their work and wait for more: each first turning (checking a flag)
/// for `turning` seconds, then asleep for `sleeping` seconds, then it ends.
package final class LingeringThreads: @unchecked Sendable {
  static let shared = LingeringThreads()

  package let turning: Double
  package let sleeping: Double
  /// The threads waiting, the latest last; guarded by `lock`.
  private var waiting: [Waiting] = []
  private let lock = ConditionLock()

  package init(turning: Double = 0.012, sleeping: Double = 0.1) {
    self.turning = turning
    self.sleeping = sleeping
  }

  /// Work handed to a thread: `body`, then, once the thread waits for more, `afterwards`.
  private struct Work {
    var body: () -> Void
    var afterwards: (() -> Void)?
  }

  /// Runs `body` on a waiting thread, or on a new one, then `afterwards` on that thread once
  /// it is waiting again; false when no thread can be had.
  @discardableResult
  package func start(_ body: @escaping () -> Void, then afterwards: (() -> Void)? = nil)
    -> Bool
  {
    let work = Work(body: body, afterwards: afterwards)
    if let thread = take() {
      thread.hand(work)
      return true
    }
    return WorkerThread.start { self.run(work) }
  }

  /// Starts a thread with no work, when none is waiting.
  package func prepare() {
    lock.lock()
    let none = waiting.isEmpty
    lock.unlock()
    if none { _ = WorkerThread.start { self.run(Work(body: {}, afterwards: nil)) } }
  }

  /// The number of threads waiting.
  package var waitingCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return waiting.count
  }

  /// A waiting thread, taken out of the pool: it is owed work (`hand`).
  private func take() -> Waiting? {
    lock.lock()
    defer { lock.unlock() }
    return waiting.popLast()
  }

  /// Runs `first`, then each piece of work handed to this thread, until none comes in time.
  private func run(_ first: consuming Work) {
    var thread = perform(consume first)
    while let work = next(for: thread) { thread = perform(consume work) }
  }

  /// Runs `work` and lets go of its body (and all it holds) before the thread waits again:
  /// returns the thread's place among the waiting ones, taken before `afterwards` runs.
  private func perform(_ work: consuming Work) -> Waiting {
    let afterwards = work.afterwards
    var body: (() -> Void)? = work.body
    _ = consume work
    body?()
    body = nil
    let thread = Waiting()
    lock.lock()
    waiting.append(thread)
    lock.unlock()
    afterwards?()
    return thread
  }

  /// The work handed to `thread`; nil when none came in time and it left the pool.
  private func next(for thread: Waiting) -> Work? {
    // A thread ready to run on this processor (the one at work, put here by the system) gets
    // it while this one turns.
    ConditionLock.turn(for: turning) { thread.handed.load(ordering: .acquiring) }
    if let work = thread.work(waiting: sleeping) { return work }
    // Leave the pool, unless the thread was taken meanwhile: then its work is on the way.
    lock.lock()
    if let index = waiting.firstIndex(where: { $0 === thread }) {
      waiting.remove(at: index)
      lock.unlock()
      return nil
    }
    lock.unlock()
    return thread.work(waiting: nil)
  }

  /// One waiting thread's mailbox.
  private final class Waiting: @unchecked Sendable {
    /// Set when work is handed, for the turning wait to see without the lock.
    let handed = Atomic<Bool>(false)
    private let lock = ConditionLock()
    /// The work handed; guarded by `lock`.
    private var work: Work?

    func hand(_ body: Work) {
      lock.lock()
      work = body
      handed.store(true, ordering: .releasing)
      lock.broadcast()
      lock.unlock()
    }

    /// The work handed, waiting for it up to `seconds` (nil: as long as it takes).
    func work(waiting seconds: Double?) -> Work? {
      lock.lock()
      defer { lock.unlock() }
      if let seconds {
        while work == nil, lock.wait(seconds: seconds) {}
      } else {
        while work == nil { lock.wait() }
      }
      let body = work
      work = nil
      return body
    }
  }
}
