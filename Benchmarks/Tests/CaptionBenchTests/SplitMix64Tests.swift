import CaptionBench
import Testing

@Test func splitMix64MatchesTheReferenceSequence() {
  // The first outputs of Vigna's reference splitmix64.c for a state of 0.
  var random = SplitMix64(seed: 0)
  #expect(random.next() == 0xE220_A839_7B1D_CDAF)
  #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
  #expect(random.next() == 0x06C4_5D18_8009_454F)
}

@Test func boundedDrawsStayInRangeAndCoverIt() {
  var random = SplitMix64(seed: 7)
  var seen = Set<Int>()
  for _ in 0..<1000 {
    let value = random.int(in: 3...8)
    #expect((3...8).contains(value))
    seen.insert(value)
  }
  #expect(seen == Set(3...8))
}
