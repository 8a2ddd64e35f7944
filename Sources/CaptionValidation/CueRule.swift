public import CaptionCore

/// A rule that looks at one cue at a time, in track order, during the validator's one pass
/// over the cues.
public protocol CueRule: Rule {
  /// Checks `cue`, adding findings to `findings`.
  func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings)
}

extension CueRule {
  public var cueRule: (any CueRule)? { self }
}

/// A rule that looks at a whole track, after the pass over its cues.
public protocol TrackRule: Rule {
  /// Checks `track`, adding findings to `findings`.
  func check(_ track: TrackInput, findings: inout Findings)

  /// True when the rule may find something in `track` that it can know only once every cue
  /// has been read (what `track.scripts` counts); by default, when it needs the cues' text.
  func needsCues(_ track: TrackInput) -> Bool
}

extension TrackRule {
  public var trackRule: (any TrackRule)? { self }

  public func needsCues(_ track: TrackInput) -> Bool { needs.contains(.cueText) }
}

/// A rule that looks at all the tracks of a context together (a media file and its tracks):
/// coverage against the media, required locales, translations against their source,
/// descriptions against dialogue. It runs after every track's own rules.
public protocol ContextRule: Rule {
  /// Checks the tracks of `context` (given in the same order, with what rules know about
  /// each), adding findings to `findings`.
  func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings)
}

extension ContextRule {
  public var contextRule: (any ContextRule)? { self }
}

/// A cue rule that can find the same problem on every cue of a large track, and so keeps
/// each finding as two numbers (`Findings.add(cue:values:by:in:)`) and words it only when
/// the finding is read, straight into the report: a report of such findings holds no
/// strings per finding.
public protocol CompactCueRule: CueRule {
  /// Appends `part` of the wording of a finding about cue `index` (1-based) of `track` (whose
  /// cues are left out), from the numbers the rule kept, as UTF-8 to `text`; returns false,
  /// appending nothing, when the finding has no such part (no hint).
  func word(
    _ part: FindingPart, of values: FindingValues, cue index: Int, in track: TrackInput,
    to text: inout ByteBuffer
  ) -> Bool
}

extension CompactCueRule {
  /// The message and hint of a finding, as strings.
  func wording(_ values: FindingValues, cue index: Int, in track: TrackInput)
    -> (message: String, hint: String?)
  {
    var bytes = ByteBuffer()
    _ = word(.message, of: values, cue: index, in: track, to: &bytes)
    let message = bytes.string
    bytes.removeAll()
    let hasHint = word(.hint, of: values, cue: index, in: track, to: &bytes)
    return (message, hasHint ? bytes.string : nil)
  }
}
