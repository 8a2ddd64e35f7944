import CaptionCore
import CaptionValidation
import Testing

struct OutOfOrderRuleTests {
  @Test func reportsACueStartingBeforeThePreviousOne() {
    let findings = RuleHarness.findings(
      of: OutOfOrderRule(),
      in: """
        1
        00:00:05,000 --> 00:00:06,000
        Second in time

        1️⃣2
        00:00:01,000 --> 00:00:02,000
        First in time

        3
        00:00:07,000 --> 00:00:08,000
        In order again

        """, format: .srt)
    #expect(
      findings == [
        MarkedFinding("1️⃣", "cue 2 starts at 00:00:01.000, before cue 1 at 00:00:05.000")
      ])
  }
}
