import CaptionCore
import CaptionValidation
import Testing

struct ScriptMismatchRuleTests {
  static let latin = """
    WEBVTT

    00:00:01.000 --> 00:00:03.000
    The lights went out again, Jonas.

    00:00:04.000 --> 00:00:06.000
    그럼 배들이

    """

  @Test func reportsAKoreanTrackWrittenInLatin() {
    let result = RuleHarness.diagnostics(
      of: ScriptMismatchRule(), in: Self.latin, language: "ko")
    #expect(
      result.findings == [
        MarkedFinding(
          "track",
          "the track is declared ko, but 26 of its 31 letters are Latin script and 5 are "
            + "Hangul or Han")
      ])
    #expect(result.diagnostics.map(\.severity) == [.error])
  }

  @Test func acceptsTheDeclaredScriptAndUnknownLanguages() {
    #expect(RuleHarness.findings(of: ScriptMismatchRule(), in: Self.latin, language: "en") == [])
    #expect(RuleHarness.findings(of: ScriptMismatchRule(), in: Self.latin) == [])
    #expect(
      RuleHarness.findings(of: ScriptMismatchRule(), in: Self.latin, language: "sr-Latn") == [])
  }

  @Test func needsEnoughLettersToJudge() {
    let short = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOK, Jonas\n"
    #expect(RuleHarness.findings(of: ScriptMismatchRule(), in: short, language: "ja") == [])
  }
}
