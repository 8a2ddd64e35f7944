public import CaptionCore

/// `readability.line-length`: a line with more characters than the locale allows.
public struct LineLengthRule: CompactCueRule {
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
      // Line 0: the cue's only line.
      let number = lines.count == 1 ? 0 : offset + 1
      findings.add(
        cue: cue, values: FindingValues(line.length, Double(number)), by: self, in: track)
    }
  }

  /// `values`: the line's length in characters, its number in the cue (0 for a cue of one
  /// line).
  public func message(_ values: FindingValues, cue index: Int, in track: TrackInput)
    -> (message: String, hint: String?)
  {
    let which = values.second == 0 ? "" : "line \(Int(values.second)) of "
    return (
      "\(which)cue \(index) has \(MessageFormat.number(values.first)) characters; "
        + "\(track.localeLimitName) is \(MessageFormat.number(track.limits.charactersPerLine))",
      "break the line earlier, or shorten it"
    )
  }
}
