public import CaptionCore

/// `readability.unbalanced-tags`: a cue that opens `<i>`, `<b>` or `<u>` a different number
/// of times than it closes it.
public struct UnbalancedTagsRule: CueRule {
  public var id: String { "readability.unbalanced-tags" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String {
    "a cue opens <i>, <b> or <u> a different number of times than it closes it"
  }
  public var trackKinds: Set<TrackKind> { Self.displayedKinds }
  public var needs: RuleNeeds { [.track, .cueText] }

  public init() {}

  public func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings) {
    let opened = cue.text.openedTags
    let closed = cue.text.closedTags
    guard opened != closed else { return }
    for (name, open, close) in [
      ("i", opened.italic, closed.italic), ("b", opened.bold, closed.bold),
      ("u", opened.underline, closed.underline),
    ] where open != close {
      findings.add(
        "cue \(cue.index) opens <\(name)> \(MessageFormat.plural(open, "time")) and closes it "
          + MessageFormat.plural(close, "time"),
        cue: cue,
        hint: open > close
          ? "add </\(name)> where the \(name == "i" ? "italics end" : "style ends")"
          : "remove the extra </\(name)>")
    }
  }
}
