import CaptionCore
import CaptionFormats
import CaptionValidation
import Testing

/// Text built to make a careless scanner slow: each must be checked in linear time.
struct ValidatorHostileInputTests {
  static func validate(_ text: String, format: TrackFormat) -> [Diagnostic] {
    let file =
      format == .srt
      ? "1\n00:00:01,000 --> 00:00:09,000\n\(text)\n"
      : "WEBVTT\n\n00:00:01.000 --> 00:00:09.000\n\(text)\n"
    let track = RuleHarness.read(file, format: format)
    let context = ValidationContext(tracks: [track])
    return Validator().validate(track, in: context)
  }

  @Test(.timeLimit(.minutes(hangGuardMinutes)), arguments: [TrackFormat.webvtt, .srt])
  func manyOpeningTagsAndBracketsStayLinear(format: TrackFormat) {
    let count = 200_000
    let nested = Self.validate(String(repeating: "<i>", count: count) + "x", format: format)
    #expect(
      nested.filter { $0.rule == "readability.unbalanced-tags" }.map(\.message) == [
        "cue 1 opens <i> \(count) times and closes it 0 times"
      ])
    let brackets = Self.validate(String(repeating: "<", count: 1_000_000), format: format)
    #expect(brackets.contains { $0.rule == "readability.line-length" } == (format == .srt))
    let ampersands = Self.validate(String(repeating: "&", count: 1_000_000), format: format)
    #expect(ampersands.contains { $0.rule == "readability.line-length" })
    let overrides = Self.validate(String(repeating: "{\\", count: 500_000), format: format)
    #expect(overrides.contains { $0.rule == "readability.line-length" })
  }

  @Test(.timeLimit(.minutes(hangGuardMinutes)))
  func aHugeLineOfMixedScriptsStaysLinear() {
    let line = String(repeating: "abc 한국어 e\u{301} مرحبا 9 ", count: 100_000)
    let findings = Self.validate(line, format: .webvtt)
    #expect(findings.map(\.rule).contains("readability.line-length"))
    #expect(findings.map(\.rule).contains("readability.cps"))
  }
}
