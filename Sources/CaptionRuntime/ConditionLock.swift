#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutex with a condition variable, for threads that hand work to each other and wait for
/// it: `lock`, check, `wait` until signalled, `unlock`. The data it guards is read and
/// changed only with the lock held.
package final class ConditionLock: @unchecked Sendable {
  // Allocated once and never moved: a pthread mutex must keep its address.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  package init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

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

  /// Wakes every thread waiting.
  package func broadcast() { pthread_cond_broadcast(condition) }
}
