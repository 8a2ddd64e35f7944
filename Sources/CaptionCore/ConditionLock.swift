import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutex with a condition variable, for threads that hand work to each other and wait for
/// it: `lock`, check, `wait` until signalled, `unlock`.
package final class ConditionLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// Counts the broadcasts, for a turning wait to see one without the lock.
  private let broadcasts = Atomic<UInt64>(0)

  package init() {
    #if os(Linux)
      // Held for moments only: a thread that finds it taken turns a little before it sleeps
      // (glibc's adaptive mutex), rather than sleeping at once and being woken.
      var attributes = pthread_mutexattr_t()
      pthread_mutexattr_init(&attributes)
      pthread_mutexattr_settype(&attributes, Self.adaptive)
      pthread_mutex_init(mutex, &attributes)
      pthread_mutexattr_destroy(&attributes)
    #else
      pthread_mutex_init(mutex, nil)
    #endif
    pthread_cond_init(condition, nil)
  }

  #if os(Linux)
    /// `PTHREAD_MUTEX_ADAPTIVE_NP`, which the C library module leaves out.
    private static let adaptive: Int32 = 3
  #endif

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  package func lock() { pthread_mutex_lock(mutex) }

  package func unlock() { pthread_mutex_unlock(mutex) }

  /// Releases the lock until another thread calls `broadcast`, then takes it again. Callers
  /// check their condition in a loop: a wait may end without a broadcast.
  package func wait() { pthread_cond_wait(condition, mutex) }

  /// Waits as `wait` does, but no longer than `seconds`; false when the time ran out.
  package func wait(seconds: Double) -> Bool {
    var deadline = timespec()
    clock_gettime(CLOCK_REALTIME, &deadline)
    let nanoseconds = Int(deadline.tv_nsec) + Int(seconds * 1e9)
    deadline.tv_sec += nanoseconds / 1_000_000_000
    deadline.tv_nsec = nanoseconds % 1_000_000_000
    return pthread_cond_timedwait(condition, mutex, &deadline) != ETIMEDOUT
  }

  /// Waits as `wait` does, first turning for up to `seconds`: the lock released, looking for a
  /// broadcast without it and giving the processor to any other thread ready to run on it,
  /// then asleep. For a thread that waits a moment for another at work on the other
  /// processor: woken from sleep, a thread is often put on its waker's processor while the
  /// other is idle (on a virtual machine), and the two then take turns on one for
  /// milliseconds. Only for a lock whose every `broadcast` is made with it held.
  package func wait(turning seconds: Double) {
    let seen = broadcasts.load(ordering: .acquiring)
    unlock()
    Self.turn(for: seconds) { broadcasts.load(ordering: .acquiring) != seen }
    lock()
    // A broadcast made from here on finds this thread asleep: it is made with the lock held.
    if broadcasts.load(ordering: .relaxed) == seen { wait() }
  }

  /// Turns (checks `done` over and over, without sleeping) until it is true or `seconds` have
  /// passed, giving the processor every 256 turns to any other thread ready to run on it;
  /// false when the time ran out. For a thread that waits a moment for another at work.
  @discardableResult
  package static func turn(for seconds: Double, until done: () -> Bool) -> Bool {
    let started = monotonicSeconds()
    var turns = 0
    while !done() {
      turns += 1
      guard turns & 255 == 0 else { continue }
      sched_yield()
      if monotonicSeconds() - started > seconds { return done() }
    }
    return true
  }

  private static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// Wakes every thread waiting.
  package func broadcast() {
    broadcasts.add(1, ordering: .releasing)
    pthread_cond_broadcast(condition)
  }

}
