import CaptionCore
import CaptionValidation
import Testing

struct ItalicsRuleTests {
  static let file = """
    WEBVTT

    1️⃣00:00:01.000 --> 00:00:03.000
    <i>기울임</i>

    00:00:04.000 --> 00:00:06.000
    보통 글자

    """

  @Test func remarksOnItalicsInKorean() {
    let result = RuleHarness.diagnostics(of: ItalicsRule(), in: Self.file, language: "ko")
    #expect(
      result.findings == [MarkedFinding("1️⃣", "cue 1 uses italics, which ko style guides avoid")]
    )
    #expect(result.diagnostics.map(\.severity) == [.remark])
  }

  @Test func allowsItalicsInEnglishAndJapanese() {
    #expect(RuleHarness.findings(of: ItalicsRule(), in: Self.file, language: "en") == [])
    #expect(RuleHarness.findings(of: ItalicsRule(), in: Self.file, language: "ja") == [])
  }
}
