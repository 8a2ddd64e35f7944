public import CaptionCore

/// `coverage.caption-over-silence`: a long cue with speech in it shown entirely while no
/// speech is detected in the audio (the captions may have drifted). "Silence" is the absence
/// of speech: the audio may hold music, noise or effects.
public struct CaptionOverSilenceRule: ContextRule {
  public var id: String { "coverage.caption-over-silence" }
  public var defaultSeverity: Severity { .remark }
  public var summary: String { "a long cue shown entirely while no speech is heard" }
  public var needs: RuleNeeds { [.media, .audio] }

  public init() {}

  public func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings) {
    guard let audio = context.audio else { return }
    let media = MediaTracks(tracks)
    guard let dialogue = media.dialogue(source: media.sourceLocale(given: context.sourceLocale))
    else { return }
    let speech = Timeline(activity: audio)
    let minimum = Int64(context.profile.media.captionOverSilenceMilliseconds)
    let analysed = audio.duration.milliseconds
    for (offset, cue) in dialogue.track.cues.enumerated() {
      let start = cue.start.milliseconds
      let end = cue.end.milliseconds
      guard end - start >= minimum, end <= analysed, MediaTracks.isSpeech(cue),
        speech.overlap(start: start, end: end) == 0
      else { continue }
      findings.add(
        "cue \(offset + 1) (\(cue.start) to \(cue.end)) holds speech, but no speech is "
          + "detected in the audio while it is shown",
        in: dialogue, cue: offset + 1,
        hint: "check the cue's timing against the audio (a constant offset shows as "
          + "timing.sync-offset)")
    }
  }
}
