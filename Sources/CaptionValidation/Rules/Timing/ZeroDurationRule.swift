public import CaptionCore

/// `timing.zero-duration`: a cue that ends at or before its start.
public struct ZeroDurationRule: CueRule {
  public var id: String { "timing.zero-duration" }
  public var defaultSeverity: Severity { .error }
  public var summary: String { "a cue ends at or before its start" }
  public var trackKinds: Set<TrackKind> { Set(TrackKind.allCases) }
  public var needs: RuleNeeds { .track }

  public init() {}

  public func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings) {
    let start = cue.start
    let end = cue.end
    guard end <= start else { return }
    let message =
      end == start
      ? "cue \(cue.index) ends at its start \(start), so it is never shown"
      : "cue \(cue.index) ends at \(end), before its start \(start)"
    findings.add(message, cue: cue, hint: "make the end later than the start")
  }
}
