public import CaptionCore

/// `timing.max-duration`: a cue left on screen longer than the locale's maximum.
public struct MaxDurationRule: CueRule {
  public var id: String { "timing.max-duration" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "a cue is shown for longer than the locale's maximum duration" }
  public var trackKinds: Set<TrackKind> { Self.displayedKinds }
  public var needs: RuleNeeds { .track }

  public init() {}

  public func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings) {
    let duration = cue.durationMilliseconds
    let maximum = Int64(track.limits.maximumDurationMilliseconds)
    guard duration > maximum else { return }
    findings.add(
      "cue \(cue.index) lasts \(MessageFormat.seconds(duration)); "
        + "\(track.limitName("maximum")) is "
        + MessageFormat.seconds(maximum),
      cue: cue, hint: "split the cue, or end it when the speech ends")
  }
}
