import CaptionCore

/// Reads WebVTT with the W3C parsing algorithm, and reports every deviation from the
/// WebVTT syntax as `parse.webvtt`.
public enum WebVTTReader {
  /// The rule id of every syntax finding.
  public static let rule = "parse.webvtt"
  /// The rule of the legacy header (`Kind: captions` under the `WEBVTT` line).
  public static let legacyHeaderRule = "parse.webvtt-legacy-header"

  /// Reads `text`.
  public static func read(_ text: DecodedText, path: String? = nil) -> ReadResult {
    var parser = WebVTTParser(bytes: text.utf8, file: path)
    parser.run()
    var track = Track(format: .webvtt, path: path, encoding: text.encoding.rawValue)
    track.cues = parser.cues
    track.regions = parser.regions
    track.stylesheets = parser.stylesheets
    track.header = parser.header
    track.comments = parser.comments
    return ReadResult(track: track, diagnostics: text.diagnostics + parser.diagnostics)
  }

  public static func read(_ string: String, path: String? = nil) -> ReadResult {
    read(DecodedText(string), path: path)
  }
}
