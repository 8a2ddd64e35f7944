public import CaptionCore

/// `timing.max-duration`: a cue left on screen longer than the locale's maximum.
public struct MaxDurationRule: CueRule {
  public let id = "timing.max-duration"
  public let defaultSeverity = Severity.warning
  public let summary = "a cue is shown for longer than the locale's maximum duration"
  public var trackKinds: Set<TrackKind> { Self.displayedKinds }
  public let needs: RuleNeeds = .track

  public init() {}

  public func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings) {
    let duration = cue.durationMilliseconds
    let maximum = Int64(track.limits.maximumDurationMilliseconds)
    guard duration > maximum else { return }
    findings.add(
      "cue \(cue.index) lasts \(MessageFormat.seconds(duration)); "
        + "\(track.localeLimitName.replacingLimit(with: "maximum")) is "
        + MessageFormat.seconds(maximum),
      cue: cue, hint: "split the cue, or end it when the speech ends")
  }
}
