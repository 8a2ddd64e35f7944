public import CaptionCore

/// `timing.out-of-order`: a cue that starts before the cue written before it.
public struct OutOfOrderRule: CueRule {
  public var id: String { "timing.out-of-order" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "a cue starts before the cue written before it" }
  public var trackKinds: Set<TrackKind> { Set(TrackKind.allCases) }
  public var needs: RuleNeeds { .track }

  public init() {}

  public func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings) {
    guard let previous = cue.previous, cue.start < previous.start else { return }
    findings.add(
      "cue \(cue.index) starts at \(cue.start), before cue \(previous.index) "
        + "at \(previous.start)",
      cue: cue, hint: "sort the cues by start time")
  }
}
