public import CaptionCore

/// `coverage.caption-over-silence`: a long cue with speech in it shown entirely while the
/// audio is silent (the captions may have drifted).
public struct CaptionOverSilenceRule: ContextRule {
  public var id: String { "coverage.caption-over-silence" }
  public var defaultSeverity: Severity { .remark }
  public var summary: String { "a long cue shown entirely over silence" }
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
        "cue \(offset + 1) (\(cue.start) to \(cue.end)) holds speech but the audio is silent "
          + "throughout",
        in: dialogue, cue: offset + 1,
        hint: "check the cue's timing against the audio (a constant offset shows as "
          + "timing.sync-offset)")
    }
  }
}
