import CaptionCore
import CaptionValidation
import Testing

struct CharactersPerSecondRuleTests {
  @Test func usesTheLocaleLimit() {
    // 47 characters in 2 s is 23.5 per second.
    let file = """
      WEBVTT

      1️⃣00:00:01.000 --> 00:00:03.000
      <i>Forty-seven characters</i> on this line &amp; more, ok!

      00:00:04.000 --> 00:00:07.000
      Thirty-five characters, said slowly

      """
    #expect(
      RuleHarness.findings(of: CharactersPerSecondRule(), in: file, language: "en") == [
        MarkedFinding("1️⃣", "cue 1 is 23.5 characters per second; the en limit is 20")
      ])
    #expect(
      RuleHarness.findings(of: CharactersPerSecondRule(), in: file, language: "fr") == [
        MarkedFinding("1️⃣", "cue 1 is 23.5 characters per second; the fr limit is 17")
      ])
  }

  @Test func countsKoreanFullWidthAsOneAndSpacesAsHalf() {
    // 12 Hangul syllables and 4 spaces: 14 characters in 1 s.
    let file = """
      WEBVTT

      1️⃣00:00:01.000 --> 00:00:02.000
      방금 정전된 거야 동네 전체가

      """
    #expect(
      RuleHarness.findings(of: CharactersPerSecondRule(), in: file, language: "ko") == [
        MarkedFinding("1️⃣", "cue 1 is 14 characters per second; the ko limit is 12")
      ])
    #expect(
      RuleHarness.findings(of: CharactersPerSecondRule(), in: file, language: "ko", kind: .sdh)
        == [])
  }

  @Test func usesTheSDHLimitForCaptions() {
    let file = "1️⃣1\n00:00:01,000 --> 00:00:02,000\n<b>twenty-one characters</b>\n"
    #expect(
      RuleHarness.findings(
        of: CharactersPerSecondRule(), in: file, format: .srt, language: "ar", kind: .captions)
        == []
    )
    #expect(
      RuleHarness.findings(of: CharactersPerSecondRule(), in: file, format: .srt, language: "ar")
        == [MarkedFinding("1️⃣", "cue 1 is 21 characters per second; the ar limit is 20")])
  }
}
