import CaptionCore
import CaptionValidation
import Testing

struct ZeroDurationRuleTests {
  @Test func reportsCuesEndingAtOrBeforeTheirStart() {
    let findings = RuleHarness.findings(
      of: ZeroDurationRule(),
      in: """
        WEBVTT

        1️⃣a
        00:00:02.000 --> 00:00:01.000
        Backwards

        2️⃣00:00:03.000 --> 00:00:03.000
        Never shown

        00:00:04.000 --> 00:00:04.001
        One millisecond is shown

        """)
    #expect(
      findings == [
        MarkedFinding("1️⃣", "cue 1 ends at 00:00:01.000, before its start 00:00:02.000"),
        MarkedFinding("2️⃣", "cue 2 ends at its start 00:00:03.000, so it is never shown"),
      ])
  }
}
