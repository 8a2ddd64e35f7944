public import CaptionCore

/// `readability.empty-cue`: a cue that shows nothing.
public struct EmptyCueRule: CueRule {
  public let id = "readability.empty-cue"
  public let defaultSeverity = Severity.warning
  public let summary = "a cue has no visible text"
  public let needs: RuleNeeds = [.track, .cueText]

  public init() {}

  public func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings) {
    guard !cue.text.hasVisibleText else { return }
    findings.add(
      "cue \(cue.index) has no visible text", cue: cue, hint: "remove the cue, or give it text")
  }
}
