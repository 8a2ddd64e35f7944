public import CaptionCore

/// `coverage.long-gap`: a long stretch between two cues of a captions or subtitles track
/// while the media runs.
public struct LongGapRule: ContextRule {
  public var id: String { "coverage.long-gap" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "a long stretch between cues while the media runs" }
  public var needs: RuleNeeds { [.track, .media] }

  public init() {}

  public func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings) {
    let limit = Int64(context.profile.media.longGapMilliseconds)
    let duration = context.media?.duration?.milliseconds
    for track in tracks where MediaTracks.isDisplayed(track.kind) && track.kind != .forced {
      var latestEnd: Int64?
      for (offset, cue) in track.track.cues.enumerated() {
        let start = cue.start.milliseconds
        if let end = latestEnd, start - end > limit, duration.map({ end < $0 }) ?? true {
          findings.add(
            "no cue for \(MessageFormat.seconds(start - end)) before cue \(offset + 1) (from "
              + "\(MediaTime(milliseconds: end)) to \(cue.start)); the limit is "
              + "\(MessageFormat.seconds(limit))",
            in: track, cue: offset + 1,
            hint: "caption the dialogue and sounds in the gap, or check that nothing is missing")
        }
        latestEnd = max(latestEnd ?? cue.end.milliseconds, cue.end.milliseconds)
      }
    }
  }
}
