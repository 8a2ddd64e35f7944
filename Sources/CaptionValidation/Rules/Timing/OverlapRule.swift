public import CaptionCore

/// `timing.overlap`: a cue that starts before an earlier cue has ended.
public struct OverlapRule: CueRule {
  public var id: String { "timing.overlap" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "a cue starts before an earlier cue has ended" }
  public var needs: RuleNeeds { .track }

  public init() {}

  public func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings) {
    guard let earlier = cue.latestEnd, cue.start < earlier.end, cue.end > cue.start
    else { return }
    // A cue out of order is `timing.out-of-order`'s finding.
    if let previous = cue.previous, cue.start < previous.start { return }
    findings.add(
      "cue \(cue.index) starts at \(cue.start), before cue \(earlier.index) ends "
        + "at \(earlier.end)",
      cue: cue, hint: "end cue \(earlier.index) before cue \(cue.index) starts, or merge them")
  }
}
