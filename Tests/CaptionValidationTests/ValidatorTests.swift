import CaptionCore
import CaptionValidation
import Testing

struct ValidatorTests {
  /// A context rule of the kind media-level rules are: it sees every track at once.
  struct SameCueCountRule: ContextRule {
    var id: String { "translation.test-cue-count" }
    var defaultSeverity: Severity { .warning }
    var summary: String { "tracks of one media have different numbers of cues" }
    var needs: RuleNeeds { [.track, .relatedTracks] }

    func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings) {
      guard let first = tracks.first else { return }
      for track in tracks.dropFirst() where track.track.cues.count != first.track.cues.count {
        findings.add(
          "\(track.language?.rawValue ?? "a track") has \(track.track.cues.count) cues, "
            + "the first track \(first.track.cues.count)", file: track.track.path)
      }
    }
  }

  static let english = RuleHarness.read(
    "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n\n00:00:03.000 --> 00:00:02.500\nBye\n",
    format: .webvtt)
  static var korean: Track {
    var track = RuleHarness.read(
      "1\n00:00:01,000 --> 00:00:02,000\n안녕\n", format: .srt)
    track.language = LanguageTag("ko")
    return track
  }

  @Test func runsTrackRulesTrackByTrackThenContextRules() {
    let validator = Validator(rules: [ZeroDurationRule(), SameCueCountRule()])
    let findings = validator.validate(ValidationContext(tracks: [Self.english, Self.korean]))
    #expect(
      findings.map(\.message) == [
        "cue 2 ends at 00:00:02.500, before its start 00:00:03.000",
        "ko has 1 cues, the first track 2",
      ])
    #expect(findings.map(\.file) == ["test.vtt", "test.srt"])
    // One track alone has no related tracks: the context rule does not run.
    #expect(validator.validate(ValidationContext(tracks: [Self.english])).count == 1)
  }

  @Test func aRuleTurnedOffDoesNotRun() throws {
    let configuration = try Configuration.defaults.merging(
      json: Array(#"{"rules": {"timing.zero-duration": "off"}}"#.utf8))
    let profile = try #require(configuration.profile(named: "web"))
    let findings = Validator().validate(ValidationContext(tracks: [Self.english], profile: profile))
    #expect(!findings.map(\.rule).contains("timing.zero-duration"))
    #expect(
      Validator().validate(ValidationContext(tracks: [Self.english])).map(\.rule).contains(
        "timing.zero-duration"))
  }
}
