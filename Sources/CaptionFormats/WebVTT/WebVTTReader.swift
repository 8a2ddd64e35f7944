import CaptionCore

/// Reads WebVTT with the W3C parsing algorithm, and reports every deviation from the
/// WebVTT syntax as `parse.webvtt`.
public enum WebVTTReader {
  /// The rule id of every syntax finding.
  public static let rule = "parse.webvtt"

  /// Reads `text`; with `threads` > 1, a large file in two parts at once, with the same
  /// result.
  public static func read(_ text: DecodedText, path: String? = nil, threads: Int = 1)
    -> ReadResult
  {
    var parser = WebVTTParser(bytes: text.utf8, file: path)
    parser.run(threads: threads)
    var track = Track(format: .webvtt, path: path, encoding: text.encoding.rawValue)
    track.cues = parser.cues
    track.regions = parser.regions
    track.stylesheets = parser.stylesheets
    track.header = parser.header
    return ReadResult(track: track, diagnostics: text.diagnostics + parser.diagnostics)
  }

  public static func read(_ string: String, path: String? = nil) -> ReadResult {
    read(DecodedText(string), path: path)
  }
}
