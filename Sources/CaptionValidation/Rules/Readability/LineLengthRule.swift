public import CaptionCore

/// `readability.line-length`: a line with more characters than the locale allows.
public struct LineLengthRule: CueRule {
  public var id: String { "readability.line-length" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "a line has more characters than the locale allows" }
  public var trackKinds: Set<TrackKind> { Self.displayedKinds }
  public var needs: RuleNeeds { [.track, .cueText] }

  public init() {}

  public func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings) {
    let limitHalves = track.limits.charactersPerLine * 2
    let lines = cue.text.lines
    for (offset, line) in lines.enumerated() where Double(line.halves) > limitHalves {
      let which = lines.count == 1 ? "" : "line \(offset + 1) of "
      findings.add(
        "\(which)cue \(cue.index) has \(MessageFormat.number(line.length)) characters; "
          + "\(track.localeLimitName) is \(MessageFormat.number(track.limits.charactersPerLine))",
        cue: cue, hint: "break the line earlier, or shorten it")
    }
  }
}
