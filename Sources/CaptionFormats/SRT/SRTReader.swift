import CaptionCore

/// Reads SubRip (SRT) leniently, as real files are written, and reports each repair as
/// `parse.srt`.
public enum SRTReader {
  /// The rule id of every finding of this reader.
  public static let rule = "parse.srt"

  /// Reads `text`.
  public static func read(_ text: DecodedText, path: String? = nil) -> ReadResult {
    let (bytes, nuls) = replacingNULs(text.utf8, path: path)
    var parser = SRTParser(
      source: CueSource(bytes: bytes, syntax: SRTCueTextMarkup.shared), path: path)
    parser.parse()
    return result(of: parser, text: text, extra: nuls, path: path)
  }

  private static func result(
    of parser: SRTParser, text: DecodedText, extra: [Diagnostic], path: String?
  ) -> ReadResult {
    let track = Track(
      format: .srt, path: path, encoding: text.encoding.rawValue, cues: parser.cues)
    var diagnostics = parser.sortedDiagnostics
    if !extra.isEmpty {
      diagnostics = (extra + diagnostics).enumerated().sorted {
        ($0.element.location?.offset ?? 0, $0.offset) < (
          $1.element.location?.offset ?? 0, $1.offset
        )
      }.map(\.element)
    }
    return ReadResult(track: track, diagnostics: text.diagnostics + diagnostics)
  }

  /// `utf8` with each NUL character read as U+FFFD, as a WebVTT parser reads it (a file with
  /// zero bytes in it is not taken for text again once written), and a finding for each line
  /// that has one, at the first. Positions after a NUL are those of the text as read.
  static func replacingNULs(_ utf8: [UInt8], path: String?) -> ([UInt8], [Diagnostic]) {
    guard utf8.contains(0) else { return (utf8, []) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count + 16)
    var diagnostics: [Diagnostic] = []
    var line = 1
    var lineStart = 0
    var reportedLine = 0
    for (offset, byte) in utf8.enumerated() {
      if byte == 0 {
        if reportedLine != line {
          reportedLine = line
          diagnostics.append(
            Diagnostic(
              rule: rule, severity: .warning, message: "NUL character, read as U+FFFD",
              file: path,
              location: SourceLocation(line: line, column: offset - lineStart + 1, offset: offset),
              hint: "remove the NUL character; the file may not be text"))
        }
        bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])
        continue
      }
      bytes.append(byte)
      // A line ends at LF, at CR LF, or at a CR alone, as the parser reads it.
      if byte == 0x0A || byte == 0x0D && (offset + 1 == utf8.count || utf8[offset + 1] != 0x0A) {
        line += 1
        lineStart = offset + 1
      }
    }
    return (bytes, diagnostics)
  }

  public static func read(_ string: String, path: String? = nil) -> ReadResult {
    read(DecodedText(string), path: path)
  }
}
