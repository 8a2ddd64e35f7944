import CaptionCore
import CaptionValidation
import Testing

struct WCAGEvaluatorTests {
  static let film = MediaFacts(
    duration: MediaTime(milliseconds: 60_000), hasAudio: true, hasVideo: true, path: "film.mp4")

  /// A track of `kind` with one cue.
  static func track(_ kind: TrackKind?, format: TrackFormat = .webvtt) -> Track {
    let cue = Cue(
      start: MediaTime(milliseconds: 1000), end: MediaTime(milliseconds: 2000),
      text: CueText(plain: "Hello."), rawText: "Hello.")
    return Track(format: format, language: LanguageTag("en"), kind: kind, cues: [cue])
  }

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

  @Test func aCaptionTrackWithoutCuesCaptionsNothing() {
    let empty = Track(format: .webvtt, language: LanguageTag("en"), kind: .captions)
    let verdicts = WCAGEvaluator(
      media: Self.film, tracks: [("1", empty)], audioAnalysed: true,
      diagnostics: [
        Diagnostic(
          rule: "coverage.no-captions", severity: .error, message: "m", file: "film.mp4")
      ]
    ).verdicts()
    #expect(verdicts[1].status == .fail)
    #expect(
      verdicts[1].evidence
        == "the media has audio and video, but its caption and subtitle tracks have no cues "
        + "(track 1)")
    #expect(verdicts[1].tracks == ["1"])
    // With cues, and nothing found, the same track passes.
    let passing = WCAGEvaluator(
      media: Self.film, tracks: [("1", Self.track(.captions))], audioAnalysed: true,
      diagnostics: []
    ).verdicts()
    #expect(passing[1].status == .pass)
  }

  @Test func uncaptionedSpeechFailsCaptionsAndOverlapsFailDescriptions() {
    let verdicts = WCAGEvaluator(
      media: Self.film,
      tracks: [
        ("1", Self.track(.captions)),
        ("2", Self.track(.descriptions)),
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
      media: podcast, tracks: [("1", Self.track(nil, format: .srt))],
      audioAnalysed: false, diagnostics: []
    ).verdicts()
    #expect(
      Self.statuses(verdicts) == [
        "1.2.1 unknown", "1.2.2 not-applicable", "1.2.3 not-applicable", "1.2.5 not-applicable",
        "1.2.7 not-applicable", "1.2.8 not-applicable",
      ])
  }
}
