public import CaptionCore

/// `readability.cps`: a cue with more characters per second than viewers can read.
public struct CharactersPerSecondRule: CompactCueRule {
  public var id: String { "readability.cps" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String {
    "a cue has more characters per second than the locale's reading speed"
  }
  public var trackKinds: Set<TrackKind> { Self.displayedKinds }
  public var needs: RuleNeeds { [.track, .cueText] }

  public init() {}

  public func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings) {
    let duration = cue.durationMilliseconds
    guard duration > 0, cue.text.hasVisibleText else { return }
    let sdh = track.isForDeafAndHardOfHearing
    let limit = sdh ? track.limits.charactersPerSecondSDH : track.limits.charactersPerSecond
    let length = cue.text.length
    guard length * 1000 > limit * Double(duration) else { return }
    findings.add(cue: cue, values: FindingValues(length, Double(duration)), by: self, in: track)
  }

  /// `values`: the cue's length in characters, its duration in milliseconds.
  public func message(_ values: FindingValues, cue index: Int, in track: TrackInput)
    -> (message: String, hint: String?)
  {
    let sdh = track.isForDeafAndHardOfHearing
    let limit = sdh ? track.limits.charactersPerSecondSDH : track.limits.charactersPerSecond
    let (length, duration) = (values.first, values.second)
    let rate = length * 1000 / duration
    let kind = sdh ? " for captions" : ""
    return (
      "cue \(index) is \(MessageFormat.over(rate, limit: limit)) characters per second; "
        + "\(track.localeLimitName)\(kind) is \(MessageFormat.number(limit))",
      "shorten the text to \(MessageFormat.number((limit * duration / 1000)))"
        + " characters, or show the cue longer"
    )
  }
}
