public import CaptionCore

/// Where rules put what they find: each finding gets the running rule's id and effective
/// severity and the track's file.
public struct Findings: Sendable {
  public private(set) var diagnostics: [Diagnostic] = []
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

  private var rule: String { rules[current].id }
  private var severity: Severity { rules[current].severity }

  /// Adds a finding about a cue, at the cue's place in the file.
  public mutating func add(_ message: String, cue: CueInput, hint: String? = nil) {
    diagnostics.append(
      Diagnostic(
        rule: rule, severity: severity, message: message, file: file, track: track,
        location: cue.cue.location, cue: cue.reference, hint: hint))
  }

  /// Adds a finding about the track, or at a place given.
  public mutating func add(
    _ message: String, location: SourceLocation? = nil, cue: CueReference? = nil,
    hint: String? = nil
  ) {
    diagnostics.append(
      Diagnostic(
        rule: rule, severity: severity, message: message, file: file, track: track,
        location: location, cue: cue, hint: hint))
  }
}
