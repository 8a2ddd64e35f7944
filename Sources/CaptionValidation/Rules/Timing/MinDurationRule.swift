public import CaptionCore

/// `timing.min-duration`: a cue shown too briefly to be read.
public struct MinDurationRule: CueRule {
  public var id: String { "timing.min-duration" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "a cue is shown for less than the locale's minimum duration" }
  public var trackKinds: Set<TrackKind> { Self.displayedKinds }
  public var needs: RuleNeeds { .track }

  public init() {}

  public func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings) {
    let duration = cue.durationMilliseconds
    let minimum = Int64(track.limits.minimumDurationMilliseconds)
    guard duration > 0, duration < minimum else { return }
    findings.add(
      "cue \(cue.index) lasts \(MessageFormat.seconds(duration)); "
        + "\(track.limitName("minimum")) is "
        + MessageFormat.seconds(minimum),
      cue: cue, hint: "show the cue longer, or merge it with its neighbour")
  }
}
