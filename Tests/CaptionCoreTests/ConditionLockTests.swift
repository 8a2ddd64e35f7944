import Synchronization
import Testing

@testable import CaptionCore

#if canImport(Glibc)
  import Glibc
#endif

/// A turning wait ends on a broadcast made while it turns, and on one made once it sleeps.
struct ConditionLockTests {
  /// Waits with `wait(turning:)` for a broadcast made `delay` seconds after the wait began,
  /// on another thread; the seconds the wait took.
  private func waitForBroadcast(after delay: Double, turning: Double) -> Double {
    let lock = ConditionLock()
    let raised = Atomic<Bool>(false)
    let waiting = Atomic<Bool>(false)
    let started = WorkerThread.start {
      while !waiting.load(ordering: .acquiring) { sched_yield() }
      usleep(useconds_t(delay * 1e6))
      lock.lock()
      raised.store(true, ordering: .relaxed)
      lock.broadcast()
      lock.unlock()
    }
    #expect(started)
    let begun = Self.now()
    lock.lock()
    waiting.store(true, ordering: .releasing)
    while !raised.load(ordering: .relaxed) { lock.wait(turning: turning) }
    lock.unlock()
    return Self.now() - begun
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  @Test func aBroadcastWhileTurningEndsTheWait() {
    let waited = waitForBroadcast(after: 0.01, turning: 2)
    #expect(waited >= 0.01)
    #expect(waited < 1.5)
  }

  @Test func aBroadcastOnceAsleepEndsTheWait() {
    // Turning ends long before the broadcast: it finds the thread asleep.
    let waited = waitForBroadcast(after: 0.05, turning: 0.001)
    #expect(waited >= 0.05)
    #expect(waited < 2)
  }

  @Test func manyHandOversAreNoneLost() {
    // Two threads take turns 2,000 times, each waiting for the other's broadcast with a
    // turning wait that sometimes sleeps: a lost broadcast would hang the test.
    let lock = ConditionLock()
    let turn = Atomic<Int>(0)
    let rounds = 2000
    let done = Atomic<Bool>(false)
    #expect(
      WorkerThread.start {
        lock.lock()
        for round in 0..<rounds {
          while turn.load(ordering: .relaxed) != 2 * round + 1 {
            lock.wait(turning: round % 3 == 0 ? 0 : 0.0005)
          }
          turn.store(2 * round + 2, ordering: .relaxed)
          lock.broadcast()
        }
        lock.unlock()
        done.store(true, ordering: .releasing)
      })
    lock.lock()
    for round in 0..<rounds {
      while turn.load(ordering: .relaxed) != 2 * round { lock.wait(turning: 0.0005) }
      turn.store(2 * round + 1, ordering: .relaxed)
      lock.broadcast()
    }
    while turn.load(ordering: .relaxed) != 2 * rounds { lock.wait(turning: 0.0005) }
    lock.unlock()
    #expect(turn.load(ordering: .relaxed) == 2 * rounds)
    while !done.load(ordering: .acquiring) { sched_yield() }
  }
}
