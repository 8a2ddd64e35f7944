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

  /// `values`: the number of lines.
  public func message(_ values: FindingValues, cue index: Int, in track: TrackInput)
    -> (message: String, hint: String?)
  {
    (
      "cue \(index) has \(Int(values.first)) lines; \(track.localeLimitName) is "
        + "\(track.limits.linesPerCue)",
      "split the cue in two, or join its lines"
    )
  }
}
