import CaptionCore
import CaptionValidation
import Testing

struct BidiRuleTests {
  @Test func reportsRightToLeftLinesWithLeftToRightEdges() {
    let findings = RuleHarness.findings(
      of: BidiRule(),
      in: """
        WEBVTT

        1️⃣00:00:01.000 --> 00:00:03.000
        Wi-Fi مقطوع أيضًا
        والساعة التاسعة 9

        00:00:04.000 --> 00:00:06.000
        &rlm;Wi-Fi مقطوع أيضًا
        والساعة التاسعة 9\u{200F}

        00:00:07.000 --> 00:00:09.000
        [هدير الرعد]
        الشارع كله مظلم.

        """, language: "ar")
    #expect(
      findings == [
        MarkedFinding(
          "1️⃣", "line 1 of cue 1 (ar) starts with left-to-right text and has no directional mark"),
        MarkedFinding("1️⃣", "line 2 of cue 1 (ar) ends with a number and has no directional mark"),
      ])
  }

  @Test func checksOnlyRightToLeftLocales() {
    let file = "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nWi-Fi مقطوع\n"
    #expect(RuleHarness.findings(of: BidiRule(), in: file, language: "en") == [])
    #expect(RuleHarness.findings(of: BidiRule(), in: file, language: "he").count == 1)
  }
}
