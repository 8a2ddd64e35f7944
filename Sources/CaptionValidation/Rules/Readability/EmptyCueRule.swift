public import CaptionCore

/// `readability.empty-cue`: a cue that shows nothing.
public struct EmptyCueRule: CueRule {
  public var id: String { "readability.empty-cue" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "a cue has no visible text" }
  public var needs: RuleNeeds { [.track, .cueText] }

  public init() {}

  public func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings) {
    guard !cue.text.hasVisibleText else { return }
    findings.add(
      "cue \(cue.index) has no visible text", cue: cue, hint: "remove the cue, or give it text")
  }
}
