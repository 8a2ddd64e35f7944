import CaptionCore
import CaptionValidation
import Testing

struct EmptyCueRuleTests {
  @Test func reportsCuesThatShowNothing() {
    let findings = RuleHarness.findings(
      of: EmptyCueRule(),
      in: """
        WEBVTT

        1️⃣00:00:01.000 --> 00:00:02.000
        <i> </i>

        2️⃣00:00:03.000 --> 00:00:04.000
        &lrm;

        00:00:05.000 --> 00:00:06.000
        <i>.</i>

        """)
    #expect(
      findings == [
        MarkedFinding("1️⃣", "cue 1 has no visible text"),
        MarkedFinding("2️⃣", "cue 2 has no visible text"),
      ])
  }
}
