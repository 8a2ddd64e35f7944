import CaptionCore
import CaptionValidation
import Testing

struct LineLengthRuleTests {
  @Test func reportsEachLineOverTheLimit() {
    let findings = RuleHarness.findings(
      of: LineLengthRule(),
      in: """
        WEBVTT

        1️⃣00:00:01.000 --> 00:00:05.000
        <v Narrator>This line has exactly forty-three letters.!
        short
        and this one runs to forty-four characters..

        00:00:06.000 --> 00:00:09.000
        Forty-two characters exactly, no more, ok.

        """, language: "en")
    #expect(
      findings == [
        MarkedFinding("1️⃣", "line 1 of cue 1 has 43 characters; the en limit is 42"),
        MarkedFinding("1️⃣", "line 3 of cue 1 has 44 characters; the en limit is 42"),
      ])
  }

  @Test func countsGraphemeClustersAndIgnoresBidiControls() {
    // e + combining acute is one character; U+200F and U+FEFF are not counted.
    let line = String(repeating: "e\u{301}", count: 42) + "\u{200F}\u{FEFF}"
    let file = "WEBVTT\n\n00:00:01.000 --> 00:00:05.000\n\(line)\n"
    #expect(RuleHarness.findings(of: LineLengthRule(), in: file, language: "fr") == [])
    let longer = "WEBVTT\n\n1️⃣00:00:01.000 --> 00:00:05.000\n\(line)é\n"
    #expect(
      RuleHarness.findings(of: LineLengthRule(), in: longer, language: "fr") == [
        MarkedFinding("1️⃣", "cue 1 has 43 characters; the fr limit is 42")
      ])
  }

  @Test func countsHalfWidthAsHalfInJapanese() {
    // 11 full-width characters, then "Wi-Fi" (5 half-width): 13.5.
    let file = """
      WEBVTT

      1️⃣00:00:01.000 --> 00:00:05.000
      台所の引き出しにちなみWi-Fi

      00:00:06.000 --> 00:00:09.000
      <ruby>漢<rt>かん</rt></ruby>字の読み方は十三文字まで

      """
    #expect(
      RuleHarness.findings(of: LineLengthRule(), in: file, language: "ja") == [
        MarkedFinding("1️⃣", "cue 1 has 13.5 characters; the ja limit is 13")
      ])
  }
}
