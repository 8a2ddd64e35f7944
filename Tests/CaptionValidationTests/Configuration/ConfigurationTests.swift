import CaptionCore
import CaptionValidation
import Foundation
import Testing

struct ConfigurationTests {
  static let path = RepositoryFiles.path("Config/captionkit.json")

  /// `Config/captionkit.json` is the compiled-in defaults, written out; re-record it with
  /// `RECORD_SNAPSHOTS=1` after changing the defaults.
  @Test func theFileEqualsTheCompiledDefaults() throws {
    let expected = Configuration.defaults.jsonText
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
      try expected.write(toFile: Self.path, atomically: true, encoding: .utf8)
    }
    let file = try String(contentsOfFile: Self.path, encoding: .utf8)
    #expect(file == expected)
    let read = try Configuration.defaults.merging(json: Array(file.utf8))
    #expect(read == Configuration.defaults)
  }

  @Test func aUserFileChangesOnlyTheKeysItGives() throws {
    let user = """
      {"version": 1, "rules": {"readability.italics": "off", "timing.min-gap": "error"},
       "locales": {"ko": {"charactersPerLine": 18}, "pt-br": {"charactersPerSecond": 15}},
       "profiles": {"kids": {"summary": "children", "locales": {"default": {"charactersPerSecond": 13}}}}}
      """
    let merged = try Configuration.defaults.merging(json: Array(user.utf8))
    let web = try #require(merged.profile(named: "web"))
    #expect(web.severity(of: ItalicsRule()) == nil)
    #expect(web.severity(of: MinGapRule()) == .error)
    #expect(web.severity(of: OverlapRule()) == .warning)
    let korean = web.limits(for: LanguageTag("ko"))
    #expect(korean.charactersPerLine == 18)
    #expect(korean.charactersPerSecond == 12)
    #expect(korean.counting == .cjk)
    #expect(web.limits(for: LanguageTag("pt-BR")).charactersPerSecond == 15)
    #expect(web.limits(for: LanguageTag("pt")).charactersPerSecond == 17)
    let kids = try #require(merged.profile(named: "kids"))
    #expect(kids.limits(for: LanguageTag("fr")).charactersPerSecond == 13)
    #expect(kids.limits(for: LanguageTag("ko")).charactersPerSecond == 12)
    #expect(merged.profileNames == ["web", "broadcast", "streaming", "kids"])
  }

  @Test func resolvesTheExactTagThenTheLanguageThenTheDefault() {
    let web = ValidationProfile.standard
    #expect(web.limits(for: LanguageTag("en-GB")).charactersPerSecond == 20)
    #expect(web.limits(for: LanguageTag("ja-JP")).minimumDurationMilliseconds == 500)
    #expect(web.limits(for: LanguageTag("zh-Hant")).charactersPerLine == 16)
    #expect(web.limits(for: LanguageTag("de")) == LocaleLimits.standard)
    #expect(web.limits(for: nil) == LocaleLimits.standard)
  }

  @Test func rejectsMistakesWithTheirPlace() {
    func error(_ json: String) -> String? {
      do {
        _ = try Configuration.defaults.merging(json: Array(json.utf8))
        return nil
      } catch {
        return error.description
      }
    }
    #expect(
      error(#"{"rules": {"timing.overlaps": "error"}}"#)
        == #"unknown rule "timing.overlaps" in "rules"; did you mean "timing.overlap"?"#)
    #expect(
      error(#"{"rules": {"timing.overlap": "fatal"}}"#)
        == #""rules.timing.overlap" is "fatal"; expected "error", "warning", "remark" or "off""#)
    #expect(
      error(#"{"locales": {"ko": {"charactersPerLine": -1}}}"#)
        == #""locales.ko.charactersPerLine" is -1; expected a number greater than 0"#)
    #expect(
      error(#"{"locales": {"ko_KR": {}}}"#)
        == #""locales" has "ko_KR", which is neither "default" nor a BCP 47 language tag"#)
    #expect(error(#"{"version": 2}"#) == #""version" is 2; this captionkit reads version 1"#)
    #expect(error("{\n  \"rules\": {,}\n}") == "2:13: not valid JSON: expected a key in quotes")
    #expect(error(#"{"profile": "web"}"#) == #"unknown key "profile"; did you mean "profiles"?"#)
  }
}
