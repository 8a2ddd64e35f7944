public import CaptionCore

/// The one table of caption formats captionkit knows: names, file extensions, reader and
/// writer. Nothing registers itself; a new format is a new row here.
public enum FormatRegistry {
  /// One row of the table.
  public struct Entry: Sendable {
    public var format: TrackFormat
    /// The name users see, such as `WebVTT`.
    public var displayName: String
    /// Names accepted by `--to`, the first being the short one (`vtt`).
    public var names: [String]
    /// File extensions, lowercase and without the dot; the first is the one written.
    public var extensions: [String]
    /// The reader, or nil when captionkit cannot read the format yet: given the text and the
    /// path.
    public var reader: (@Sendable (DecodedText, String?) -> ReadResult)?
    /// The writer: appends the file to the buffer, returns `convert.lossy` warnings.
    public var writer: (@Sendable (Track, inout [UInt8]) -> [Diagnostic])?
    /// The writer in chunks, when the format has one: given the track, a chunk size, how
    /// many findings about cues to build (the rest are counted) and a `flush` that takes (and
    /// empties) the output each time it holds that many bytes, and once at the end; returns
    /// the `convert.lossy` warnings.
    public var chunkedWriter:
      (@Sendable (Track, Int, Int, (inout [UInt8]) -> Void) -> WriterLosses)? = nil

    public var canRead: Bool { reader != nil }
    public var canWrite: Bool { writer != nil }
  }

  /// Every format, in the order help texts list them.
  public static let entries: [Entry] = [
    Entry(
      format: .webvtt, displayName: "WebVTT", names: ["vtt", "webvtt"], extensions: ["vtt"],
      reader: { WebVTTReader.read($0, path: $1) },
      writer: { WebVTTWriter.write($0, into: &$1) },
      chunkedWriter: { WebVTTWriter.write($0, chunkSize: $1, cueLimit: $2, flush: $3) }),
    Entry(
      format: .srt, displayName: "SRT", names: ["srt", "subrip"], extensions: ["srt"],
      reader: { SRTReader.read($0, path: $1) },
      writer: { SRTWriter.write($0, into: &$1) },
      chunkedWriter: { SRTWriter.write($0, chunkSize: $1, cueLimit: $2, flush: $3) }),
    Entry(
      format: .ttml, displayName: "TTML", names: ["ttml", "dfxp"],
      extensions: ["ttml", "dfxp", "xml"],
      reader: { TTMLReader.read($0, path: $1) },
      writer: { TTMLWriter.write($0, into: &$1) }),
    Entry(
      format: .ass, displayName: "ASS", names: ["ass", "ssa"], extensions: ["ass", "ssa"],
      reader: { ASSReader.read($0, path: $1) },
      writer: { ASSWriter.write($0, into: &$1) }),
    Entry(
      format: .scc, displayName: "SCC", names: ["scc"], extensions: ["scc"],
      reader: { SCCReader.read($0, path: $1) },
      writer: { SCCWriter.write($0, into: &$1) }),
    Entry(
      format: .json, displayName: "JSON track", names: ["json"], extensions: ["json"],
      reader: nil, writer: { JSONTrackWriter.write($0, into: &$1) }),
  ]

  public static func entry(for format: TrackFormat) -> Entry? {
    entries.first { $0.format == format }
  }

  /// The format named by `--to` (`vtt`, `webvtt`, `srt`, ...), ignoring case.
  public static func entry(named name: String) -> Entry? {
    let lower = name.lowercased()
    return entries.first { $0.names.contains(lower) }
  }

  /// The format of a file name or path by its extension, ignoring case.
  public static func entry(forPath path: String) -> Entry? {
    guard let dot = path.lastIndex(of: "."),
      !path[path.index(after: dot)...].contains("/")
    else { return nil }
    let fileExtension = path[path.index(after: dot)...].lowercased()
    return entries.first { $0.extensions.contains(fileExtension) }
  }

  /// The format of decoded text judged by its first lines: the `WEBVTT` signature, an XML
  /// declaration or `<tt` start tag (TTML), `[Script Info]` (ASS, SSA), `Scenarist_SCC V1.0` (SCC), or an SRT cue (a
  /// counter line then a timing line, or a timing line first); nil when none.
  public static func sniff(_ utf8: [UInt8]) -> TrackFormat? {
    var lines = LineScanner(utf8)
    var first: TextLine?
    while let line = lines.next() {
      if !isBlank(utf8, line.range) {
        first = line
        break
      }
    }
    guard let first else { return nil }
    if isWebVTTSignature(utf8, first.range) { return .webvtt }
    if isXMLStart(utf8, first.range) { return .ttml }
    if isScriptInfo(utf8, first.range) { return .ass }
    if isSCCHeader(utf8, first.range) { return .scc }
    if containsArrow(utf8, first.range) { return .srt }
    if isCounter(utf8, first.range), let second = lines.next(), containsArrow(utf8, second.range) {
      return .srt
    }
    return nil
  }

  /// True when some line holds a timing arrow `-->`: the text at least tries to be captions.
  public static func containsTimingLine(_ utf8: [UInt8]) -> Bool {
    containsArrow(utf8, 0..<utf8.count)
  }

  private static func isBlank(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    bytes[range].allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  private static func isWebVTTSignature(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    let signature = Array("WEBVTT".utf8)
    guard range.count >= signature.count,
      bytes[range.lowerBound..<range.lowerBound + signature.count].elementsEqual(signature)
    else { return false }
    let next = range.lowerBound + signature.count
    return next == range.upperBound || bytes[next] == 0x20 || bytes[next] == 0x09
  }

  /// True when the line starts an XML document (`<?xml`) or a `tt` element (`<tt`, `<tt:tt`).
  private static func isXMLStart(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    var start = range.lowerBound
    while start < range.upperBound, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    let line = bytes[start..<range.upperBound]
    return line.starts(with: "<?xml".utf8) || line.starts(with: "<tt ".utf8)
      || line.starts(with: "<tt>".utf8) || line.starts(with: "<tt:tt".utf8)
      || line.elementsEqual("<tt".utf8)
  }

  /// True when the line is `[Script Info]` (any case, spaces around it allowed).
  private static func isScriptInfo(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    let line = bytes[range].drop { $0 == 0x20 || $0 == 0x09 }
    let trimmed = line.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
    return trimmed.count == 13
      && String(decoding: trimmed, as: UTF8.self).lowercased() == "[script info]"
  }

  /// True when the line is `Scenarist_SCC V1.0`, spaces after it allowed.
  private static func isSCCHeader(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    let line = bytes[range].reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
    return line.elementsEqual(SCCReader.header.utf8)
  }

  private static func isCounter(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    let digits = bytes[range].filter { $0 != 0x20 && $0 != 0x09 }
    return !digits.isEmpty && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }

  private static func containsArrow(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    guard range.count >= 3 else { return false }
    return bytes.withUnsafeBufferPointer { buffer in
      var index = range.lowerBound
      let last = range.upperBound - 3
      while index <= last {
        if buffer[index] == 0x2D, buffer[index + 1] == 0x2D, buffer[index + 2] == 0x3E {
          return true
        }
        index += 1
      }
      return false
    }
  }
}
