import CaptionCore
import CaptionValidation
import Testing

struct LineCountRuleTests {
  @Test func reportsCuesWithMoreThanTwoLines() {
    let findings = RuleHarness.findings(
      of: LineCountRule(),
      in: """
        1
        00:00:01,000 --> 00:00:03,000
        One
        Two

        1️⃣2
        00:00:04,000 --> 00:00:06,000
        One
        Two
        Three

        """, format: .srt, language: "pt-BR")
    #expect(findings == [MarkedFinding("1️⃣", "cue 2 has 3 lines; the pt-BR limit is 2")])
  }

  /// An SRT `<br>` counts as the line break the reader reads it as, and adds none before a
  /// line break or at the end.
  @Test func countsSRTBrTagsAsTheReaderReadsThem() {
    let findings = RuleHarness.findings(
      of: LineCountRule(),
      in: """
        1
        00:00:01,000 --> 00:00:03,000
        One<br>
        Two <br/>

        1️⃣2
        00:00:04,000 --> 00:00:06,000
        One<br>Two<BR />Three

        """, format: .srt, language: "pt-BR")
    #expect(findings == [MarkedFinding("1️⃣", "cue 2 has 3 lines; the pt-BR limit is 2")])
  }

  /// SRT's `\N` and `\n` count as the line breaks the reader reads them as.
  @Test func countsSRTEscapedLineBreaksAsTheReaderReadsThem() {
    let findings = RuleHarness.findings(
      of: LineCountRule(),
      in: #"""
        1
        00:00:01,000 --> 00:00:03,000
        One\NTwo\N

        1️⃣2
        00:00:04,000 --> 00:00:06,000
        One\NTwo\nThree\hfour

        """#, format: .srt, language: "pt-BR")
    #expect(findings == [MarkedFinding("1️⃣", "cue 2 has 3 lines; the pt-BR limit is 2")])
  }
}
