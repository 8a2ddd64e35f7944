public import CaptionCore

/// `cea608.roll-up-depth`: a CEA-608 channel whose roll-up depth (2, 3 or 4 rows) changes
/// within the programme, so the captions jump in height and rows vanish or reappear.
public struct CEA608RollUpDepthRule: TrackRule {
  public var id: String { "cea608.roll-up-depth" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "the roll-up depth of 608 captions changes within the programme" }
  public var needs: RuleNeeds { [.track] }

  public init() {}

  public func check(_ track: TrackInput, findings: inout Findings) {
    guard let facts = track.track.cea608, let first = facts.rollUpDepths.first else { return }
    var current = first.depth
    for change in facts.rollUpDepths.dropFirst() where change.depth != current {
      let cue = CEA608Cues.cue(at: change.time, in: track.track.cues)
      findings.add(
        "the roll-up depth changes from \(current) to \(change.depth) rows at "
          + "\(change.time.timestamp()); it was \(first.depth) rows from "
          + "\(first.time.timestamp())",
        in: track, cue: cue,
        hint: "keep one roll-up depth (RU2, RU3 or RU4) through the programme")
      current = change.depth
    }
  }
}
