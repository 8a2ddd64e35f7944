public import CaptionCore

/// `readability.italics`: italics in a language whose style guides avoid them.
public struct ItalicsRule: CueRule {
  public var id: String { "readability.italics" }
  public var defaultSeverity: Severity { .remark }
  public var summary: String {
    "italics in a language whose style guides avoid them (ar, he, hi, ko, th, zh)"
  }
  public var trackKinds: Set<TrackKind> { Self.displayedKinds }
  public var needs: RuleNeeds { [.track, .cueText] }

  public init() {}

  public func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings) {
    guard track.limits.discouragesItalics, cue.text.hasItalics, let language = track.language
    else { return }
    findings.add(
      "cue \(cue.index) uses italics, which \(language.rawValue) style guides avoid",
      cue: cue, hint: "remove the italics; use the language's own convention, such as quotes")
  }
}
