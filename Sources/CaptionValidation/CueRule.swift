public import CaptionCore

/// A rule that looks at one cue at a time, in track order, during the validator's one pass
/// over the cues.
public protocol CueRule: Rule {
  /// Checks `cue`, adding findings to `findings`.
  func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings)
}

/// A rule that looks at a whole track, after the pass over its cues.
public protocol TrackRule: Rule {
  /// Checks `track`, adding findings to `findings`.
  func check(_ track: TrackInput, findings: inout Findings)
}
