public import CaptionCore

/// `timing.sync-offset`: the captions are consistently early or late against the detected
/// speech.
public struct SyncOffsetRule: ContextRule {
  public var id: String { "timing.sync-offset" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "captions consistently early or late against detected speech" }
  public var needs: RuleNeeds { [.media, .audio] }

  public init() {}

  public func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings) {
    guard let audio = context.audio else { return }
    let media = MediaTracks(tracks)
    guard let dialogue = media.dialogue(source: media.sourceLocale(given: context.sourceLocale)),
      let offset = SyncOffset.estimate(cues: dialogue.track.cues, speech: audio)
    else { return }
    let limit = Int64(context.profile.media.syncOffsetMilliseconds)
    guard abs(offset.milliseconds) > limit, offset.confidence >= SyncOffset.reportedConfidence
    else { return }
    let direction = offset.milliseconds > 0 ? "late" : "early"
    let seconds = MessageFormat.seconds(abs(offset.milliseconds))
    findings.add(
      "the cues are \(seconds) \(direction) against the detected speech (confidence "
        + "\(MessageFormat.number(offset.confidence * 100)) %); the limit is "
        + MessageFormat.seconds(limit),
      in: dialogue,
      hint: "shift the track by \(offset.milliseconds > 0 ? "-" : "")"
        + "\(MediaTime(milliseconds: abs(offset.milliseconds)).decimalSeconds) s "
        + "(captionkit convert --shift)")
  }
}
