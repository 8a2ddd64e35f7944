public import CaptionCore

/// Where rules put what they find: each finding gets the running rule's id and effective
/// severity and the track's file.
public struct Findings: Sendable {
  public private(set) var diagnostics: [Diagnostic] = []
  /// The rule running now and its severity from the profile.
  var rule = ""
  var severity = Severity.warning
  var file: String?

  public init(file: String? = nil) {
    self.file = file
  }

  /// Starts collecting for `rule` at `severity`.
  mutating func begin(_ rule: String, severity: Severity) {
    self.rule = rule
    self.severity = severity
  }

  /// Adds a finding about a cue, at the cue's place in the file.
  public mutating func add(_ message: String, cue: CueInput, hint: String? = nil) {
    diagnostics.append(
      Diagnostic(
        rule: rule, severity: severity, message: message, file: file,
        location: cue.cue.location, cue: cue.reference, hint: hint))
  }

  /// Adds a finding about the track, or at a place given.
  public mutating func add(
    _ message: String, location: SourceLocation? = nil, cue: CueReference? = nil,
    hint: String? = nil
  ) {
    diagnostics.append(
      Diagnostic(
        rule: rule, severity: severity, message: message, file: file, location: location,
        cue: cue, hint: hint))
  }
}
