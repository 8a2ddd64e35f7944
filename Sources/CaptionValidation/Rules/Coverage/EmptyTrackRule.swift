public import CaptionCore

/// `coverage.empty-track`: a caption, subtitle, description or chapter track that was read
/// without a fault and holds no cue (a WebVTT file of only its header, a TTML body with no
/// paragraph, a subtitle stream with no packet). Emitted by the check that reads the
/// track, which knows whether the reader refused the file (then its error says so, and
/// this rule says nothing).
public struct EmptyTrackRule: Rule {
  public var id: String { "coverage.empty-track" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "a track holds no cue" }
  public var needs: RuleNeeds { .external }

  public init() {}

  /// The finding for `track` when it has no cue, at the rule's default severity; nil when
  /// it has cues. `file` names the file the finding is about (the media file of a stream).
  public func finding(for track: Track, file: String?) -> Diagnostic? {
    guard track.cues.isEmpty else { return nil }
    let name = track.stream.map { "stream \($0)" } ?? "the file"
    let what = track.kind == .chapters ? "chapters" : "cues"
    return Diagnostic(
      rule: id, severity: defaultSeverity, message: "\(name) has no \(what)", file: file,
      hint: "check that the right file was delivered and that what wrote it did not fail")
  }
}
