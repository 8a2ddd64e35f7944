public import CaptionCore

/// `timing.min-gap`: two cues so close that the change is seen as a flicker.
public struct MinGapRule: CompactCueRule {
  public var id: String { "timing.min-gap" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String {
    "a cue starts less than the minimum gap (2 frames) after the previous one"
  }
  public var trackKinds: Set<TrackKind> { Self.displayedKinds }
  public var needs: RuleNeeds { .track }

  public init() {}

  public func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings) {
    guard let previous = cue.previous, cue.start >= previous.start else { return }
    let gap = cue.start.milliseconds - previous.end.milliseconds
    let frames = track.limits.minimumGapFrames
    // Cues that touch (a gap of 0) are chained on purpose; only a gap shorter than the
    // minimum flickers.
    guard gap > 0, Double(gap) * track.frameRate < Double(frames) * 1000 else { return }
    findings.add(
      cue: cue, values: FindingValues(Double(gap), Double(previous.index)), by: self, in: track)
  }

  /// `values`: the gap in milliseconds, the index of the cue before.
  public func message(_ values: FindingValues, cue index: Int, in track: TrackInput)
    -> (message: String, hint: String?)
  {
    let gap = Int64(values.first)
    let previous = Int(values.second)
    let frames = track.limits.minimumGapFrames
    let minimum = Int64((Double(frames) * 1000 / track.frameRate).rounded())
    return (
      "cue \(index) starts \(MessageFormat.seconds(gap)) after cue \(previous) ends; "
        + "\(track.limitName("minimum gap")) is "
        + "\(MessageFormat.plural(frames, "frame")) (\(MessageFormat.seconds(minimum)) at "
        + "\(MessageFormat.number(track.frameRate)) fps)",
      "start cue \(index) when cue \(previous) ends, or leave at least "
        + "\(MessageFormat.plural(frames, "frame")) between them"
    )
  }
}
