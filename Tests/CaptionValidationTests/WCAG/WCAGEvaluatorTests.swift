import CaptionCore
import CaptionValidation
import Testing

struct WCAGEvaluatorTests {
  static let film = MediaFacts(
    duration: MediaTime(milliseconds: 60_000), hasAudio: true, hasVideo: true, path: "film.mp4")

  static func statuses(_ verdicts: [WCAGVerdict]) -> [String] {
    verdicts.map { "\($0.criterion) \($0.status.rawValue)" }
  }

  @Test func filmWithoutTracksFailsCaptionsAndAudioDescription() {
    let verdicts = WCAGEvaluator(
      media: Self.film, tracks: [], audioAnalysed: true,
      diagnostics: [
        Diagnostic(
          rule: "coverage.no-captions", severity: .error, message: "m", file: "film.mp4")
      ]
    ).verdicts()
    #expect(
      Self.statuses(verdicts) == [
        "1.2.1 not-applicable", "1.2.2 fail", "1.2.3 unknown", "1.2.5 fail", "1.2.7 unknown",
        "1.2.8 unknown",
      ])
    #expect(verdicts[1].rules == ["coverage.no-captions"])
  }

  @Test func uncaptionedSpeechFailsCaptionsAndOverlapsFailDescriptions() {
    let verdicts = WCAGEvaluator(
      media: Self.film,
      tracks: [
        ("1", Track(format: .webvtt, language: LanguageTag("en"), kind: .captions)),
        ("2", Track(format: .webvtt, language: LanguageTag("en"), kind: .descriptions)),
      ], audioAnalysed: true,
      diagnostics: [
        Diagnostic(
          rule: "coverage.uncaptioned-speech", severity: .warning, message: "m", track: "1"),
        Diagnostic(
          rule: "description.overlaps-dialogue", severity: .error, message: "m", track: "2"),
      ]
    ).verdicts()
    #expect(
      Self.statuses(verdicts) == [
        "1.2.1 not-applicable", "1.2.2 fail", "1.2.3 fail", "1.2.5 fail", "1.2.7 not-applicable",
        "1.2.8 unknown",
      ])
    #expect(verdicts[1].tracks == ["1"])
    #expect(verdicts[2].rules == ["description.overlaps-dialogue"])
  }

  @Test func audioOnlyNeedsATranscriptAndCaptionsDoNotApply() {
    let podcast = MediaFacts(duration: MediaTime(milliseconds: 60_000), hasAudio: true)
    let verdicts = WCAGEvaluator(
      media: podcast, tracks: [("1", Track(format: .srt, language: LanguageTag("en")))],
      audioAnalysed: false, diagnostics: []
    ).verdicts()
    #expect(
      Self.statuses(verdicts) == [
        "1.2.1 unknown", "1.2.2 not-applicable", "1.2.3 not-applicable", "1.2.5 not-applicable",
        "1.2.7 not-applicable", "1.2.8 not-applicable",
      ])
  }
}
