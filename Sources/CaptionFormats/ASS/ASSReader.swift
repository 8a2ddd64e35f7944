import CaptionCore

/// Reads Advanced SubStation Alpha (`.ass`, v4.00+) and SubStation Alpha v4 (`.ssa`) scripts:
/// the `Dialogue:` events of `[Events]`, their text and placement as far as the cue model
/// carries them, with the styles of `[V4+ Styles]` or `[V4 Styles]`. Each problem is a
/// `parse.ass` finding.
public enum ASSReader {
  /// The rule id of every finding of this reader.
  public static let rule = "parse.ass"

  /// Reads `text`.
  public static func read(_ text: DecodedText, path: String? = nil) -> ReadResult {
    var parser = ASSParser(bytes: text.utf8, path: path)
    parser.parse()
    let track = Track(
      format: .ass, language: parser.language, path: path, encoding: text.encoding.rawValue,
      cues: parser.cues)
    return ReadResult(track: track, diagnostics: text.diagnostics + parser.sortedDiagnostics)
  }

  public static func read(_ string: String, path: String? = nil) -> ReadResult {
    read(DecodedText(string), path: path)
  }
}
