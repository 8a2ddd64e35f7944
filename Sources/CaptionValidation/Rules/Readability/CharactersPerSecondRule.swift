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
  /// `cue 6 is 23.5 characters per second; the ko limit is 12`,
  /// `shorten the text to 30 characters, or show the cue longer`.
  public func word(
    _ part: FindingPart, of values: FindingValues, cue index: Int, in track: TrackInput,
    to text: inout ByteBuffer
  ) -> Bool {
    let sdh = track.isForDeafAndHardOfHearing
    let limit = sdh ? track.limits.charactersPerSecondSDH : track.limits.charactersPerSecond
    let (length, duration) = (values.first, values.second)
    switch part {
    case .message:
      MessageFormat.appendCue(index, to: &text)
      MessageFormat.append(" is ", to: &text)
      MessageFormat.appendOver(length * 1000 / duration, limit: limit, to: &text)
      MessageFormat.append(" characters per second; ", to: &text)
      MessageFormat.appendLimit(
        track.localeLimitName, qualifier: sdh ? " for captions" : "", to: &text)
      MessageFormat.appendNumber(limit, to: &text)
    case .hint:
      MessageFormat.append("shorten the text to ", to: &text)
      MessageFormat.appendNumber(limit * duration / 1000, to: &text)
      MessageFormat.append(" characters, or show the cue longer", to: &text)
    }
    return true
  }
}
