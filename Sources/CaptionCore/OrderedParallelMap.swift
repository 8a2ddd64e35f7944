/// Makes the results of a run of numbered blocks on this thread and one more, and hands them
/// to a consumer on this thread in block order: for work, like validating the cues of a
/// large track or wording its findings, that splits into independent blocks whose results
/// must come out in order.
///
/// At most `window` blocks are made ahead of the one consumed, so memory stays bounded
/// however many blocks there are.
package enum OrderedParallelMap {
  /// How long a thread waiting for the other one's block turns before it sleeps
  /// (`ConditionLock.wait(turning:)`): a block takes a few milliseconds at most.
  package static let turning = 0.004

  private final class Shared<Result>: @unchecked Sendable {
    let lock = ConditionLock()
    /// Guarded by `lock`: the results made and not yet consumed, by block.
    var results: [Result?]
    /// The next block to make, the next to consume, and whether the worker has stopped.
    var next = 0
    var consumed = 0
    var stopped = false
    var workerDone = false

    init(count: Int) {
      results = Array(repeating: nil, count: count)
    }

    /// With the lock held: claims the next block, makes it without the lock, and stores it.
    func makeNext(_ make: (Int) -> Result) {
      let block = next
      next += 1
      lock.unlock()
      let result = make(block)
      lock.lock()
      results[block] = result
      lock.broadcast()
    }
  }

  /// Calls `consume` with `make(0)`, `make(1)`, ... `make(count - 1)` in order; the blocks
  /// are made on this thread and, when `threads` > 1 and there are two blocks or more, on a
  /// second thread too. When `consume` throws, no further block is made or consumed, and the
  /// error is thrown once the second thread has finished the block it was making.
  package static func run<Result, Failure: Error>(
    blocks count: Int, threads: Int, window: Int = 4,
    make: @escaping @Sendable (Int) -> Result,
    consume: (Result) throws(Failure) -> Void
  ) throws(Failure) {
    guard threads > 1, count > 1 else {
      for block in 0..<count { try consume(make(block)) }
      return
    }
    let shared = Shared<Result>(count: count)
    let window = max(1, window)
    let started = WorkerThread.startLingering {
      shared.lock.lock()
      while true {
        while !shared.stopped && shared.next < count && shared.next >= shared.consumed + window {
          shared.lock.wait(turning: turning)
        }
        if shared.stopped || shared.next >= count { break }
        shared.makeNext(make)
      }
      shared.lock.unlock()
    } then: {
      // Done once the thread waits for work again: the next phase's work goes to it.
      shared.lock.lock()
      shared.workerDone = true
      shared.lock.broadcast()
      shared.lock.unlock()
    }
    if !started {
      for block in 0..<count { try consume(make(block)) }
      return
    }
    defer {
      shared.lock.lock()
      shared.stopped = true
      shared.lock.broadcast()
      while !shared.workerDone { shared.lock.wait(turning: turning) }
      shared.lock.unlock()
    }
    shared.lock.lock()
    while shared.consumed < count {
      let block = shared.consumed
      if let result = shared.results[block] {
        shared.results[block] = nil
        shared.lock.unlock()
        // When this throws, the lock is not held; the deferred stop takes it.
        try consume(result)
        shared.lock.lock()
        shared.consumed += 1
        shared.lock.broadcast()
      } else if shared.next < count && shared.next < shared.consumed + window {
        shared.makeNext(make)
      } else {
        shared.lock.wait(turning: turning)
      }
    }
    shared.lock.unlock()
  }
}
