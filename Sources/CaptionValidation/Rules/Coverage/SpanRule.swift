public import CaptionCore

/// `coverage.span`: captions that start long after the speech starts, or end long before it
/// ends.
public struct SpanRule: ContextRule {
  public var id: String { "coverage.span" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String {
    "captions start long after the speech starts, or end long before it ends"
  }
  public var needs: RuleNeeds { [.media, .audio] }

  public init() {}

  public func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings) {
    guard let audio = context.audio, let first = audio.segments.first,
      let last = audio.segments.last
    else { return }
    let media = MediaTracks(tracks)
    guard let dialogue = media.dialogue(source: media.sourceLocale(given: context.sourceLocale)),
      let firstCue = dialogue.track.cues.min(by: { $0.start < $1.start }),
      let lastCue = dialogue.track.cues.max(by: { $0.end < $1.end })
    else { return }
    let limit = Int64(context.profile.media.spanMilliseconds)
    let late = firstCue.start.milliseconds - first.start.milliseconds
    if late > limit {
      findings.add(
        "the first cue starts at \(firstCue.start), \(MessageFormat.seconds(late)) after the "
          + "speech starts at \(first.start); the limit is \(MessageFormat.seconds(limit))",
        in: dialogue, hint: "caption the speech at the start of the media")
    }
    let early = last.end.milliseconds - lastCue.end.milliseconds
    if early > limit {
      findings.add(
        "the last cue ends at \(lastCue.end), \(MessageFormat.seconds(early)) before the "
          + "speech ends at \(last.end); the limit is \(MessageFormat.seconds(limit))",
        in: dialogue, hint: "caption the speech at the end of the media")
    }
  }
}
