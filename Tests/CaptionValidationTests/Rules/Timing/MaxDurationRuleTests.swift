import CaptionCore
import CaptionValidation
import Testing

struct MaxDurationRuleTests {
  @Test func reportsCuesLongerThanTheMaximum() {
    let file = """
      WEBVTT

      00:00:01.000 --> 00:00:08.000
      Seven seconds is the limit

      1️⃣00:00:10.000 --> 00:00:17.001
      One millisecond more

      """
    #expect(
      RuleHarness.findings(of: MaxDurationRule(), in: file) == [
        MarkedFinding("1️⃣", "cue 2 lasts 7.001 s; the maximum is 7.000 s")
      ])
    #expect(RuleHarness.findings(of: MaxDurationRule(), in: file, kind: .descriptions) == [])
  }
}
