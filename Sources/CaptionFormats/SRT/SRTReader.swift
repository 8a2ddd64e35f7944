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
    return result(of: parser, text: text, path: path)
  }

  /// Reads a large file as it loads, each part as soon as its bytes are there, on `threads`
  /// threads (2). Nil when the bytes are not UTF-8 without a byte order mark, or the file
  /// ended early: such a file is read once loaded, decoded as any other.
  static func read(loading: FileLoading, path: String?, threads: Int) -> ReadResult? {
    let head = loading.load(upTo: 256)
    guard head >= min(256, loading.size) else { return nil }
    let first = Array(loading.bytes[..<min(head, 256)])
    guard TextEncoding.byteOrderMark(of: first) == nil,
      TextDecoding.unmarkedWideEncoding(first) == nil
    else { return nil }
    var parser = SRTParser(
      source: CueSource(bytes: loading.bytes, syntax: SRTCueTextMarkup.shared), path: path)
    parser.parse(threads: threads, loading: loading)
    guard !parser.abandoned else { return nil }
    return result(of: parser, text: DecodedText(utf8: loading.bytes), path: path)
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
