import CaptionCore

/// Reads SubRip (SRT) leniently, as real files are written, and reports each repair as
/// `parse.srt`.
public enum SRTReader {
  /// The rule id of every finding of this reader.
  public static let rule = "parse.srt"

  /// Reads `text`.
  public static func read(_ text: DecodedText, path: String? = nil) -> ReadResult {
    var parser = SRTParser(
      source: CueSource(bytes: text.utf8, syntax: SRTCueTextMarkup.shared), path: path)
    parser.parse()
    return result(of: parser, text: text, path: path)
  }

  private static func result(of parser: SRTParser, text: DecodedText, path: String?)
    -> ReadResult
  {
    let track = Track(
      format: .srt, path: path, encoding: text.encoding.rawValue, cues: parser.cues)
    return ReadResult(track: track, diagnostics: text.diagnostics + parser.sortedDiagnostics)
  }

  public static func read(_ string: String, path: String? = nil) -> ReadResult {
    read(DecodedText(string), path: path)
  }
}
