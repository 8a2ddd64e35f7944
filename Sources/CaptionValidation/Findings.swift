public import CaptionCore

/// Where rules put what they find: each finding gets the running rule's id and effective
/// severity and the track's file and id.
///
/// Findings about a cue are kept compact (the rule, the cue's index, the message and the
/// hint) and become `Diagnostic`s once, at the end of the pass, so that a track with a
/// finding on every cue does not hold two large lists at once.
public struct Findings: Sendable {
  /// A finding about the cue at `cue` (1-based) of the track.
  private struct CueFinding: Sendable {
    var rule: String
    var severity: Severity
    var cue: Int
    var message: String
    var hint: String?
  }

  private var cueFindings: [CueFinding] = []
  private var otherFindings: [Diagnostic] = []
  /// The rules that may run, with their severities from the profile.
  private var rules: [(id: String, severity: Severity)] = [("", .warning)]
  /// The index in `rules` of the rule running now.
  private var current = 0
  private let file: String?
  private let track: String?

  public init(file: String? = nil, track: String? = nil) {
    self.file = file
    self.track = track
  }

  /// Lists the rules that may run; `begin(_:)` then picks one by its index.
  mutating func prepare(_ rules: [(id: String, severity: Severity)]) {
    self.rules = rules.isEmpty ? [("", .warning)] : rules
  }

  /// Starts collecting for the rule at `index` in the list given to `prepare(_:)`.
  @inline(__always)
  mutating func begin(_ index: Int) {
    current = index
  }

  /// Adds a finding about a cue, at the cue's place in the file.
  public mutating func add(_ message: String, cue: CueInput, hint: String? = nil) {
    let rule = rules[current]
    cueFindings.append(
      CueFinding(
        rule: rule.id, severity: rule.severity, cue: cue.index, message: message, hint: hint))
  }

  /// Adds a finding about the track, or at a place given.
  public mutating func add(
    _ message: String, location: SourceLocation? = nil, cue: CueReference? = nil,
    hint: String? = nil
  ) {
    add(message, file: file, location: location, cue: cue, hint: hint)
  }

  /// Adds a finding in another file than the track's (a context rule's finding about one
  /// of several tracks, or about the media).
  public mutating func add(
    _ message: String, file: String?, location: SourceLocation? = nil,
    cue: CueReference? = nil, hint: String? = nil
  ) {
    let rule = rules[current]
    otherFindings.append(
      Diagnostic(
        rule: rule.id, severity: rule.severity, message: message, file: file, track: track,
        location: location, cue: cue, hint: hint))
  }

  /// Adds a finding about `track` (a context rule's), about its cue at `cue` (1-based) when
  /// given, at the cue's place in the track's file.
  public mutating func add(
    _ message: String, in track: TrackInput, cue index: Int? = nil, hint: String? = nil
  ) {
    let rule = rules[current]
    var location: SourceLocation?
    var reference: CueReference?
    let cues = track.track.cues
    if let index, index >= 1, index <= cues.count {
      location = cues[index - 1].location
      reference = cues[index - 1].reference(index: index)
    }
    otherFindings.append(
      Diagnostic(
        rule: rule.id, severity: rule.severity, message: message, file: track.track.path,
        track: track.id, location: location, cue: reference, hint: hint))
  }

  /// Every finding as a diagnostic, those about cues taking their place and reference from
  /// `cues`, sorted by position.
  func diagnostics(cues: [Cue]) -> [Diagnostic] {
    var result = otherFindings
    result.reserveCapacity(otherFindings.count + cueFindings.count)
    cues.withUnsafeBufferPointer { cues in
      for finding in cueFindings {
        let index = finding.cue - 1
        result.append(
          Diagnostic(
            rule: finding.rule, severity: finding.severity, message: finding.message,
            file: file, track: track, location: cues[index].location,
            cue: CueReference(
              index: finding.cue, id: cues[index].id.isEmpty ? nil : cues[index].id,
              start: cues[index].start, end: cues[index].end),
            hint: finding.hint))
      }
    }
    return Validator.sorted(result)
  }
}
