import Testing

@testable import CaptionRuntime

/// A value handed between threads under a condition lock: read and changed with it held.
private final class Shared: @unchecked Sendable {
  let lock = ConditionLock()
  var turn = 0
  var finished = false
}

/// A thread started with `WorkerThread` runs its body, and a condition lock hands work
/// between two threads without losing a broadcast.
struct ConditionLockTests {
  @Test func aStartedThreadRunsItsBodyOnce() {
    let shared = Shared()
    #expect(
      WorkerThread.start {
        shared.lock.lock()
        shared.turn += 1
        shared.finished = true
        shared.lock.broadcast()
        shared.lock.unlock()
      })
    shared.lock.lock()
    while !shared.finished { shared.lock.wait() }
    shared.lock.unlock()
    #expect(shared.turn == 1)
  }

  @Test func manyHandOversAreNoneLost() {
    // Two threads take turns 2,000 times, each waiting for the other's broadcast: a lost
    // broadcast would hang the test.
    let shared = Shared()
    let rounds = 2000
    #expect(
      WorkerThread.start {
        shared.lock.lock()
        for round in 0..<rounds {
          while shared.turn != 2 * round + 1 { shared.lock.wait() }
          shared.turn = 2 * round + 2
          shared.lock.broadcast()
        }
        shared.finished = true
        shared.lock.broadcast()
        shared.lock.unlock()
      })
    shared.lock.lock()
    for round in 0..<rounds {
      while shared.turn != 2 * round { shared.lock.wait() }
      shared.turn = 2 * round + 1
      shared.lock.broadcast()
    }
    while !shared.finished { shared.lock.wait() }
    shared.lock.unlock()
    #expect(shared.turn == 2 * rounds)
  }

  @Test func aTimedWaitEndsWhenTheTimeRunsOut() {
    let lock = ConditionLock()
    lock.lock()
    let woken = lock.wait(seconds: 0.02)
    lock.unlock()
    #expect(!woken)
  }

  @Test func thereIsAtLeastOneProcessor() {
    #expect(WorkerThread.processorCount >= 1)
  }
}

/// A value under a lock is changed by one thread at a time: no increment is lost.
struct LockedTests {
  @Test func incrementsFromTwoThreadsAreNoneLost() {
    let count = Locked(0)
    let done = Shared()
    let rounds = 20_000
    #expect(
      WorkerThread.start {
        for _ in 0..<rounds { count.withLock { $0 += 1 } }
        done.lock.lock()
        done.finished = true
        done.lock.broadcast()
        done.lock.unlock()
      })
    for _ in 0..<rounds { count.withLock { $0 += 1 } }
    done.lock.lock()
    while !done.finished { done.lock.wait() }
    done.lock.unlock()
    #expect(count.withLock { $0 } == 2 * rounds)
  }
}
