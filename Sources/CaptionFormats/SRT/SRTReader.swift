import CaptionCore

/// Reads SubRip (SRT) leniently, as real files are written, and reports each repair as
/// `parse.srt`.
public enum SRTReader {
  /// The rule id of every finding of this reader.
  public static let rule = "parse.srt"

  /// Reads `text`; with `threads` > 1, a large file in two parts at once, with the same
  /// result.
  public static func read(_ text: DecodedText, path: String? = nil, threads: Int = 1)
    -> ReadResult
  {
    var parser = SRTParser(
      source: CueSource(bytes: text.utf8, syntax: SRTCueTextMarkup.shared), path: path)
    parser.parse(threads: threads)
    let track = Track(
      format: .srt, path: path, encoding: text.encoding.rawValue, cues: parser.cues)
    return ReadResult(track: track, diagnostics: text.diagnostics + parser.sortedDiagnostics)
  }

  public static func read(_ string: String, path: String? = nil) -> ReadResult {
    read(DecodedText(string), path: path)
  }
}
