public import CaptionCore

/// `timing.min-duration`: a cue shown too briefly to be read.
public struct MinDurationRule: CueRule {
  public let id = "timing.min-duration"
  public let defaultSeverity = Severity.warning
  public let summary = "a cue is shown for less than the locale's minimum duration"
  public var trackKinds: Set<TrackKind> { Self.displayedKinds }
  public let needs: RuleNeeds = .track

  public init() {}

  public func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings) {
    let duration = cue.durationMilliseconds
    let minimum = Int64(track.limits.minimumDurationMilliseconds)
    guard duration > 0, duration < minimum else { return }
    findings.add(
      "cue \(cue.index) lasts \(MessageFormat.seconds(duration)); "
        + "\(track.localeLimitName.replacingLimit(with: "minimum")) is "
        + MessageFormat.seconds(minimum),
      cue: cue, hint: "show the cue longer, or merge it with its neighbour")
  }
}

extension String {
  /// `the ko limit` → `the ko minimum`.
  func replacingLimit(with word: String) -> String {
    hasSuffix(" limit") ? String(dropLast(5)) + word : self
  }
}
