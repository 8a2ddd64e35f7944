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
  /// line). `line 2 of cue 4 has 44 characters; the en limit is 42`.
  public func word(
    _ part: FindingPart, of values: FindingValues, cue index: Int, in track: TrackInput,
    to text: inout ByteBuffer
  ) -> Bool {
    switch part {
    case .message:
      if values.second != 0 {
        MessageFormat.append("line ", to: &text)
        MessageFormat.appendInteger(Int(values.second), to: &text)
        MessageFormat.append(" of ", to: &text)
      }
      MessageFormat.appendCue(index, to: &text)
      MessageFormat.append(" has ", to: &text)
      MessageFormat.appendNumber(values.first, to: &text)
      MessageFormat.append(" characters; ", to: &text)
      MessageFormat.appendLimit(track.localeLimitName, to: &text)
      MessageFormat.appendNumber(track.limits.charactersPerLine, to: &text)
    case .hint:
      MessageFormat.append("break the line earlier, or shorten it", to: &text)
    }
    return true
  }
}
