import CaptionCore
import CaptionValidation
import Testing

struct MinDurationRuleTests {
  static let file = """
    WEBVTT

    1️⃣00:00:01.000 --> 00:00:01.600
    Short

    00:00:02.000 --> 00:00:02.833
    Just long enough

    """

  @Test func reportsCuesShorterThanTheMinimum() {
    #expect(
      RuleHarness.findings(of: MinDurationRule(), in: Self.file, language: "en") == [
        MarkedFinding("1️⃣", "cue 1 lasts 0.600 s; the en minimum is 0.833 s")
      ])
  }

  @Test func japaneseAllowsHalfASecond() {
    #expect(RuleHarness.findings(of: MinDurationRule(), in: Self.file, language: "ja") == [])
  }

  @Test func chaptersAreNotChecked() {
    #expect(RuleHarness.findings(of: MinDurationRule(), in: Self.file, kind: .chapters) == [])
  }
}
