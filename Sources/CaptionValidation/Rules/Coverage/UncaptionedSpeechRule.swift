public import CaptionCore

/// `coverage.uncaptioned-speech`: a stretch of detected speech that no cue of the captions
/// covers, within a tolerance.
public struct UncaptionedSpeechRule: ContextRule {
  public var id: String { "coverage.uncaptioned-speech" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "detected speech that no cue covers" }
  public var needs: RuleNeeds { [.media, .audio] }

  public init() {}

  public func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings) {
    guard let audio = context.audio else { return }
    let media = MediaTracks(tracks)
    let dialogue = media.dialogue(source: media.sourceLocale(given: context.sourceLocale))
    for stretch in Self.uncaptioned(audio, dialogue: dialogue, limits: context.profile.media) {
      let place = dialogue.map { "in \($0.track.path ?? "the captions")" } ?? "in any track"
      let message =
        "speech from \(MediaTime(milliseconds: stretch.start)) to "
        + "\(MediaTime(milliseconds: stretch.end)) "
        + "(\(MessageFormat.seconds(stretch.end - stretch.start))) has no cue \(place)"
      let hint = "add a cue for the speech, or check the captions' timing"
      if let dialogue {
        findings.add(message, in: dialogue, hint: hint)
      } else {
        findings.add(message, file: context.media?.path, hint: hint)
      }
    }
  }

  /// The stretches of speech at least the configured length that the dialogue track's cues
  /// (widened by the tolerance) leave uncovered.
  public static func uncaptioned(
    _ audio: AudioActivity, dialogue: TrackInput?, limits: MediaLimits
  ) -> [(start: Int64, end: Int64)] {
    let speech = Timeline(activity: audio)
    let cues = Timeline(cues: dialogue?.track.cues ?? [])
      .widened(by: Int64(limits.speechToleranceMilliseconds))
    let minimum = Int64(limits.uncaptionedSpeechMilliseconds)
    return speech.subtracting(cues).ranges.filter { $0.end - $0.start >= minimum }
  }
}
