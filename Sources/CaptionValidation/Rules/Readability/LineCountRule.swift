public import CaptionCore

/// `readability.line-count`: a cue with more lines than the locale allows.
public struct LineCountRule: CompactCueRule {
  public var id: String { "readability.line-count" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "a cue has more lines than the locale allows" }
  public var trackKinds: Set<TrackKind> { Self.displayedKinds }
  public var needs: RuleNeeds { [.track, .cueText] }

  public init() {}

  public func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings) {
    let count = cue.text.lines.count
    let limit = track.limits.linesPerCue
    guard count > limit else { return }
    findings.add(cue: cue, values: FindingValues(Double(count)), by: self, in: track)
  }

  /// `values`: the number of lines. `cue 1 has 3 lines; the limit is 2`.
  public func word(
    _ part: FindingPart, of values: FindingValues, cue index: Int, in track: TrackInput,
    to text: inout ByteBuffer
  ) -> Bool {
    switch part {
    case .message:
      MessageFormat.appendCue(index, to: &text)
      MessageFormat.append(" has ", to: &text)
      MessageFormat.appendInteger(Int(values.first), to: &text)
      MessageFormat.append(" lines; ", to: &text)
      MessageFormat.appendLimit(track.localeLimitName, to: &text)
      MessageFormat.appendInteger(track.limits.linesPerCue, to: &text)
    case .hint:
      MessageFormat.append("split the cue in two, or join its lines", to: &text)
    }
    return true
  }
}
