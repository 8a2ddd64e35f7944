import CaptionCore

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

/// A rule that looks at all the tracks of a context together (a media file and its tracks):
/// coverage against the media, required locales, translations against their source,
/// descriptions against dialogue. It runs after every track's own rules.
public protocol ContextRule: Rule {
  /// Checks the tracks of `context` (given in the same order, with what rules know about
  /// each), adding findings to `findings`.
  func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings)
}
