public import CaptionCore

/// What a reader returns: every cue it could recover, and every problem it found.
/// Readers never throw and never stop at the first problem.
public struct ReadResult: Sendable {
  public var track: Track
  public var diagnostics: [Diagnostic]

  /// True when nothing was read as captions: no cue, and the reader reported an error (a
  /// WebVTT file without its signature, a TTML file that is not XML, an SRT file whose
  /// timings cannot be read). A writer has nothing to write from such a result.
  public var isRejected: Bool {
    track.cues.isEmpty && diagnostics.contains { $0.severity == .error }
  }

  public init(track: Track, diagnostics: [Diagnostic] = []) {
    self.track = track
    self.diagnostics = diagnostics
  }
}
