import Synchronization
import Testing

@testable import CaptionCore

#if canImport(Glibc)
  import Glibc
#endif

/// Lingering threads: work handed right after a thread's last piece runs on that thread;
/// work handed after it stopped waiting runs on a new one; every piece runs once.
struct WorkerThreadTests {
  /// A flag that one thread raises and another waits for.
  private final class Flag: Sendable {
    private let lock = ConditionLock()
    private let raised = Atomic<Bool>(false)

    func raise() {
      lock.lock()
      raised.store(true, ordering: .relaxed)
      lock.broadcast()
      lock.unlock()
    }

    func wait() {
      lock.lock()
      while !raised.load(ordering: .relaxed) { lock.wait() }
      lock.unlock()
    }
  }

  /// Runs `body` on a thread of `threads` and waits for it; the thread's id.
  private func run(on threads: LingeringThreads, _ body: @escaping @Sendable () -> Void = {})
    -> UInt
  {
    let done = Flag()
    let thread = Atomic<UInt>(0)
    #expect(
      threads.start {
        body()
        thread.store(UInt(pthread_self()), ordering: .relaxed)
        done.raise()
      })
    done.wait()
    return thread.load(ordering: .relaxed)
  }

  /// Waits until `threads` has `count` threads waiting, for a second at most.
  private func waitFor(_ count: Int, in threads: LingeringThreads) -> Bool {
    for _ in 0..<1000 {
      if threads.waitingCount == count { return true }
      usleep(1000)
    }
    return false
  }

  @Test func aNewThreadStartsOffItsMakersProcessor() {
    #expect(WorkerThread.startingProcessors(allowed: [0, 1, 2, 3], here: 2) == [0, 1, 3])
    #expect(WorkerThread.startingProcessors(allowed: [4, 7], here: 7) == [4])
    // No other processor, or the maker's is not known or not among them: anywhere.
    #expect(WorkerThread.startingProcessors(allowed: [3], here: 3) == nil)
    #expect(WorkerThread.startingProcessors(allowed: [0, 1], here: -1) == nil)
    #expect(WorkerThread.startingProcessors(allowed: [0, 1], here: 5) == nil)
  }

  #if os(Linux)
    @Test func aNewThreadMayRunWhereverItsMakerMay() throws {
      let allowed = try #require(WorkerThread.allowedProcessors())
      #expect(!allowed.isEmpty)
      let done = Flag()
      let seen = Mutex<[Int32]?>(nil)
      #expect(
        WorkerThread.start {
          seen.withLock { $0 = WorkerThread.allowedProcessors() }
          done.raise()
        })
      done.wait()
      // Started elsewhere (when there is an elsewhere), then let run on every one.
      #expect(seen.withLock { $0 } == allowed)
    }
  #endif

  @Test func workHandedSoonAfterRunsOnTheSameThread() {
    let threads = LingeringThreads(turning: 0.2, sleeping: 5)
    let first = run(on: threads)
    #expect(waitFor(1, in: threads))
    let second = run(on: threads)
    #expect(second == first)
    #expect(first != UInt(pthread_self()))
  }

  @Test func aThreadThatStoppedWaitingEndsAndWorkStillRuns() {
    let threads = LingeringThreads(turning: 0.001, sleeping: 0.01)
    let first = run(on: threads)
    #expect(waitFor(1, in: threads))
    // Past its waiting time the thread leaves the pool and ends.
    #expect(waitFor(0, in: threads))
    let ran = Atomic<Int>(0)
    let second = run(on: threads) { ran.add(1, ordering: .relaxed) }
    #expect(ran.load(ordering: .relaxed) == 1)
    #expect(second != 0 && first != 0)
  }

  @Test func asleepAThreadStillTakesWork() {
    // Past turning, asleep: the work wakes it.
    let threads = LingeringThreads(turning: 0.001, sleeping: 5)
    let first = run(on: threads)
    usleep(20_000)
    #expect(threads.waitingCount == 1)
    #expect(run(on: threads) == first)
  }

  @Test func manyPiecesEachRunOnce() {
    let threads = LingeringThreads(turning: 0.001, sleeping: 0.002)
    let ran = Atomic<Int>(0)
    for index in 0..<300 {
      _ = run(on: threads) { ran.add(1, ordering: .relaxed) }
      // Now and then long enough for the thread to stop waiting, racing the next piece.
      if index % 7 == 0 { usleep(UInt32(index % 5) * 1000) }
    }
    #expect(ran.load(ordering: .relaxed) == 300)
  }

  /// What runs `afterwards` runs once the thread waits again: work handed out as soon as it
  /// says so finds the thread there, never a second one started.
  @Test func workHandedOnceAfterwardsRanGoesToTheSameThread() {
    let threads = LingeringThreads(turning: 0.2, sleeping: 5)
    let first = Atomic<UInt>(0)
    for _ in 0..<50 {
      let done = Flag()
      let thread = Atomic<UInt>(0)
      #expect(
        threads.start {
          thread.store(UInt(pthread_self()), ordering: .relaxed)
        } then: {
          done.raise()
        })
      done.wait()
      #expect(threads.waitingCount == 1)
      if first.load(ordering: .relaxed) == 0 {
        first.store(thread.load(ordering: .relaxed), ordering: .relaxed)
      }
      #expect(thread.load(ordering: .relaxed) == first.load(ordering: .relaxed))
    }
  }

  @Test func aPreparedThreadTakesTheFirstWork() {
    let threads = LingeringThreads(turning: 0.2, sleeping: 5)
    threads.prepare()
    #expect(waitFor(1, in: threads))
    _ = run(on: threads)
    #expect(threads.waitingCount <= 1)
  }
}
