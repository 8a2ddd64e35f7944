import Synchronization
import Testing

@testable import CaptionCore

struct OrderedParallelMapTests {
  struct Stop: Error, Equatable {
    var block: Int
  }

  @Test(arguments: [1, 2])
  func resultsComeInBlockOrder(threads: Int) {
    var seen: [Int] = []
    OrderedParallelMap.run(blocks: 500, threads: threads, make: { $0 * $0 }) { seen.append($0) }
    #expect(seen == (0..<500).map { $0 * $0 })
  }

  @Test func noBlocksCallNothing() {
    var calls = 0
    OrderedParallelMap.run(blocks: 0, threads: 2, make: { $0 }) { _ in calls += 1 }
    #expect(calls == 0)
  }

  @Test func neverMakesMoreThanTheWindowAhead() {
    // Blocks made but not consumed yet: never more than the window, however fast making is.
    let made = Atomic<Int>(0)
    var consumed = 0
    var mostAhead = 0
    OrderedParallelMap.run(
      blocks: 300, threads: 2, window: 3,
      make: { block in
        made.add(1, ordering: .sequentiallyConsistent)
        return block
      }
    ) { block in
      #expect(block == consumed)
      consumed += 1
      mostAhead = max(mostAhead, made.load(ordering: .sequentiallyConsistent) - consumed)
    }
    #expect(consumed == 300)
    #expect(mostAhead <= 3)
  }

  @Test func aFailingConsumerStopsTheRun() {
    let made = Atomic<Int>(0)
    var consumed: [Int] = []
    #expect(throws: Stop(block: 10)) {
      try OrderedParallelMap.run(
        blocks: 1000, threads: 2, window: 2,
        make: { block in
          made.add(1, ordering: .sequentiallyConsistent)
          return block
        }
      ) { (block: Int) throws(Stop) in
        if block == 10 { throw Stop(block: block) }
        consumed.append(block)
      }
    }
    #expect(consumed == Array(0..<10))
    // Nothing more is made once the run is over.
    let after = made.load(ordering: .sequentiallyConsistent)
    #expect(after <= 13)
    #expect(made.load(ordering: .sequentiallyConsistent) == after)
  }
}
