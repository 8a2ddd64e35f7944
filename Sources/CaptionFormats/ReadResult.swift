public import CaptionCore

/// What a reader returns: every cue it could recover, and every problem it found.
/// Readers never throw and never stop at the first problem.
public struct ReadResult: Sendable {
  public var track: Track
  public var diagnostics: [Diagnostic]

  public init(track: Track, diagnostics: [Diagnostic] = []) {
    self.track = track
    self.diagnostics = diagnostics
  }
}
