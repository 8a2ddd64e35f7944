import CaptionCore
import CaptionValidation
import Testing

struct LanguageTagRuleTests {
  @Test func reportsAMalformedHeaderTag() {
    let file = "WEBVTT\nLanguage: pt_BR\n\n00:00:01.000 --> 00:00:02.000\nOlá\n"
    let result = RuleHarness.diagnostics(of: LanguageTagRule(), in: file)
    #expect(
      result.findings == [
        MarkedFinding(
          "track", "the header declares Language pt_BR, which is not a well-formed BCP 47 tag")
      ])
    #expect(result.diagnostics.first?.hint == "write a BCP 47 tag such as pt-BR")
  }

  @Test func reportsAFileNameThatDisagreesWithTheHeader() {
    let file = "WEBVTT\nLanguage: en\n\n00:00:01.000 --> 00:00:02.000\nHello\n"
    #expect(
      RuleHarness.findings(of: LanguageTagRule(), in: file, language: "ko") == [
        MarkedFinding(
          "track",
          "the track's language is ko (from its file name or --locale), but its header declares "
            + "Language en")
      ])
    #expect(RuleHarness.findings(of: LanguageTagRule(), in: file, language: "en-GB") == [])
    #expect(RuleHarness.findings(of: LanguageTagRule(), in: file) == [])
  }
}
