public import CaptionCore

/// Reads an HLS playlist (RFC 8216) into `HLSPlaylist`, checking its grammar: the `#EXTM3U`
/// header, UTF-8 without a byte order mark or control characters, line ends, each tag's
/// attribute-list syntax and required attributes, the URI line after `EXTINF` and
/// `EXT-X-STREAM-INF`, and whether the file mixes media and multivariant tags. Each problem
/// is a `parse.hls` finding at its line and column. Work and memory are bounded by `limits`.
public enum HLSPlaylistParser {
  /// The rule id of every finding of this parser.
  public static let rule = "parse.hls"

  /// What one playlist may hold; past these, the rest is not read and an error says so.
  public struct Limits: Sendable, Hashable {
    /// Bytes of the file (checked by whoever loads it, and again here).
    public var bytes = 16 * 1024 * 1024
    public var lines = 1_000_000
    /// Bytes of one line (a tag with its attribute list, or a URI).
    public var lineLength = 64 * 1024
    public var segments = 200_000
    /// Renditions plus variants of a multivariant playlist.
    public var entries = 10_000

    public init() {}
  }

  /// What the parser read: the playlist, or nil when the bytes are not an HLS playlist (no
  /// `#EXTM3U` first line, too large, not UTF-8), and the findings.
  public struct Result: Sendable {
    public var playlist: HLSPlaylist?
    public var diagnostics: [Diagnostic]
  }

  /// The tags a media playlist holds (RFC 8216 sections 4.3.2 and 4.3.3).
  static let mediaTags: Set<String> = [
    "EXTINF", "EXT-X-BYTERANGE", "EXT-X-DISCONTINUITY", "EXT-X-KEY", "EXT-X-MAP",
    "EXT-X-PROGRAM-DATE-TIME", "EXT-X-DATERANGE", "EXT-X-TARGETDURATION",
    "EXT-X-MEDIA-SEQUENCE", "EXT-X-DISCONTINUITY-SEQUENCE", "EXT-X-ENDLIST",
    "EXT-X-PLAYLIST-TYPE", "EXT-X-I-FRAMES-ONLY", "EXT-X-GAP", "EXT-X-BITRATE", "EXT-X-PART",
    "EXT-X-PART-INF", "EXT-X-SERVER-CONTROL", "EXT-X-PRELOAD-HINT", "EXT-X-RENDITION-REPORT",
    "EXT-X-SKIP",
  ]
  /// The tags a multivariant playlist holds (RFC 8216 section 4.3.4).
  static let multivariantTags: Set<String> = [
    "EXT-X-MEDIA", "EXT-X-STREAM-INF", "EXT-X-I-FRAME-STREAM-INF", "EXT-X-SESSION-DATA",
    "EXT-X-SESSION-KEY", "EXT-X-CONTENT-STEERING",
  ]
  /// Tags either kind may hold.
  static let sharedTags: Set<String> = [
    "EXTM3U", "EXT-X-VERSION", "EXT-X-INDEPENDENT-SEGMENTS", "EXT-X-START", "EXT-X-DEFINE",
  ]

  public static func parse(
    _ bytes: [UInt8], path: String? = nil, limits: Limits = Limits()
  ) -> Result {
    var parser = Parser(bytes: bytes, path: path, limits: limits)
    return parser.run()
  }

  /// `text` as microseconds, when it is a decimal number (`6`, `6.006`): EXTINF durations.
  static func microseconds(_ text: Substring) -> Int64? {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let whole = parts.first, !whole.isEmpty, whole.count <= 12,
      whole.allSatisfy({ $0.isASCII && $0.isNumber }), let seconds = Int64(whole)
    else { return nil }
    var fraction: Int64 = 0
    if parts.count == 2 {
      let digits = parts[1]
      guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
      var scale: Int64 = 100_000
      for digit in digits.prefix(6) {
        fraction += Int64(digit.wholeNumberValue ?? 0) * scale
        scale /= 10
      }
    }
    return seconds * 1_000_000 + fraction
  }

  private struct Parser {
    let bytes: [UInt8]
    let path: String?
    let limits: Limits
    var diagnostics: [Diagnostic] = []

    init(bytes: [UInt8], path: String?, limits: Limits) {
      self.bytes = bytes
      self.path = path
      self.limits = limits
    }

    mutating func report(
      _ severity: Severity, _ message: String, line: Int? = nil, column: Int = 1,
      offset: Int = 0, hint: String? = nil
    ) {
      diagnostics.append(
        Diagnostic(
          rule: HLSPlaylistParser.rule, severity: severity, message: message, file: path,
          location: line.map { SourceLocation(line: $0, column: column, offset: offset) },
          hint: hint))
    }

    mutating func run() -> Result {
      guard bytes.count <= limits.bytes else {
        report(
          .error,
          "the playlist is \(bytes.count) bytes, over the limit of \(limits.bytes); not read",
          hint: "a playlist this large is not one a player loads")
        return Result(playlist: nil, diagnostics: diagnostics)
      }
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
        report(
          .error, "the playlist starts with a byte order mark, which RFC 8216 forbids",
          line: 1, hint: "save it as UTF-8 without a byte order mark")
      }
      if let bad = Self.firstInvalidUTF8(bytes) {
        let line = bytes[..<bad].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        report(
          .error,
          "the playlist is not UTF-8 (byte 0x\(String(bytes[bad], radix: 16)) at offset "
            + "\(bad)); not read", line: line, offset: bad,
          hint: "RFC 8216 playlists are UTF-8; convert it")
        return Result(playlist: nil, diagnostics: diagnostics)
      }
      let lines = splitLines()
      var media = HLSMediaPlaylist()
      var multivariant = HLSMultivariantPlaylist()
      var sawHeader = false
      var mediaLine: Int?
      var multivariantLine: Int?
      var seenOnce: [String: Int] = [:]
      // The EXTINF (or EXT-X-STREAM-INF) waiting for its URI line.
      var pendingSegment: (duration: MediaTime, title: String, line: Int)?
      var pendingVariant: (list: HLSAttributeList, line: Int)?
      var discontinuity = false
      var stopped = false
      for (index, line) in lines.enumerated() {
        let number = index + 1
        if number > limits.lines {
          report(
            .error, "the playlist has more than \(limits.lines) lines; the rest is not read",
            line: number)
          stopped = true
          break
        }
        var content = bytes[line.range]
        if content.count > limits.lineLength {
          report(
            .error,
            "line \(number) is \(content.count) bytes, over the limit of \(limits.lineLength); "
              + "skipped", line: number, offset: line.range.lowerBound)
          continue
        }
        if number == 1, content.starts(with: [0xEF, 0xBB, 0xBF]) { content = content.dropFirst(3) }
        if let control = content.firstIndex(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }) {
          report(
            .error,
            "a control character (0x\(String(bytes[control], radix: 16))) in the line; RFC "
              + "8216 allows none", line: number, column: control - content.startIndex + 1,
            offset: control,
            hint: bytes[control] == 0x0D
              ? "end lines with LF or CR LF; a carriage return alone does not end a line" : nil)
        }
        let text = String(decoding: content, as: UTF8.self)
        if !sawHeader {
          guard text == "#EXTM3U" else {
            report(
              .error, "the first line is not #EXTM3U: this is not an HLS playlist", line: number,
              hint: "an HLS playlist starts with the line #EXTM3U")
            return Result(playlist: nil, diagnostics: diagnostics)
          }
          sawHeader = true
          continue
        }
        // Blank lines are ignored.
        if text.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
        if !text.hasPrefix("#") {
          // A URI line.
          let uri = text.trimmingWhitespace()
          if let variant = pendingVariant {
            pendingVariant = nil
            multivariant.variants.append(
              Self.variant(variant.list, uri: uri, line: variant.line, uriLine: number))
          } else if let segment = pendingSegment {
            pendingSegment = nil
            if media.segments.count >= limits.segments {
              report(
                .error,
                "the playlist has more than \(limits.segments) segments; the rest is not read",
                line: number)
              stopped = true
              break
            }
            media.segments.append(
              HLSSegment(
                duration: segment.duration, title: segment.title, uri: uri,
                discontinuity: discontinuity, line: segment.line, uriLine: number))
            discontinuity = false
          } else {
            report(
              .error, "URI '\(Self.excerpt(uri))' follows no #EXTINF or #EXT-X-STREAM-INF tag",
              line: number, offset: line.range.lowerBound,
              hint: "each segment URI comes after its #EXTINF, each variant URI after its "
                + "#EXT-X-STREAM-INF")
          }
          continue
        }
        guard text.hasPrefix("#EXT") else { continue }  // A comment.
        let colon = text.firstIndex(of: ":")
        let name = String(text[text.index(after: text.startIndex)..<(colon ?? text.endIndex)])
        let valueStart = colon.map { text.utf8.distance(from: text.startIndex, to: $0) + 1 }
        let valueBytes = content.dropFirst(valueStart ?? content.count)
        let valueColumn = (valueStart ?? content.count) + 1
        let value = colon.map { String(text[text.index(after: $0)...]) } ?? ""
        if HLSPlaylistParser.mediaTags.contains(name), mediaLine == nil { mediaLine = number }
        if HLSPlaylistParser.multivariantTags.contains(name), multivariantLine == nil {
          multivariantLine = number
        }
        if Self.once.contains(name) {
          if let first = seenOnce[name] {
            report(
              .error, "#\(name) is given again (first on line \(first)); it may appear once",
              line: number)
          } else {
            seenOnce[name] = number
          }
        }
        if pendingVariant != nil || pendingSegment != nil,
          name == "EXT-X-STREAM-INF" || name == "EXTINF"
        {
          report(
            .error, "#\(name) comes before the URI of the tag on the line before", line: number,
            hint: "give each #EXTINF and #EXT-X-STREAM-INF its URI line")
          pendingVariant = nil
          pendingSegment = nil
        }
        switch name {
        case "EXTM3U":
          report(.warning, "#EXTM3U is given again", line: number)
        case "EXT-X-VERSION":
          if let version = Self.integer(value) {
            media.version = version
            multivariant.version = version
          } else {
            report(
              .error, "#EXT-X-VERSION takes a whole number, not '\(Self.excerpt(value))'",
              line: number, column: valueColumn)
          }
        case "EXT-X-INDEPENDENT-SEGMENTS":
          multivariant.independentSegments = true
        case "EXTINF":
          let parts = value.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
          let durationText = parts.first.map { $0.trimmingWhitespace() } ?? ""
          guard colon != nil, let micro = HLSPlaylistParser.microseconds(Substring(durationText))
          else {
            report(
              .error,
              "#EXTINF takes a duration in seconds (such as 6.006), not '\(Self.excerpt(value))'",
              line: number, column: valueColumn,
              hint: "write #EXTINF:<seconds>,<title>")
            // The URI after it is still a segment, of unknown length.
            pendingSegment = (MediaTime(value: 0, timescale: HLSSegment.timescale), "", number)
            continue
          }
          pendingSegment = (
            MediaTime(value: micro, timescale: HLSSegment.timescale),
            parts.count > 1 ? String(parts[1]) : "", number
          )
        case "EXT-X-TARGETDURATION":
          if let seconds = Self.integer(value) {
            media.targetDuration = seconds
            media.targetDurationLine = number
          } else {
            report(
              .error,
              "#EXT-X-TARGETDURATION takes whole seconds, not '\(Self.excerpt(value))'",
              line: number, column: valueColumn)
          }
        case "EXT-X-MEDIA-SEQUENCE":
          if let sequence = Self.integer(value) {
            media.mediaSequence = sequence
          } else {
            report(
              .error,
              "#EXT-X-MEDIA-SEQUENCE takes a whole number, not '\(Self.excerpt(value))'",
              line: number, column: valueColumn)
          }
        case "EXT-X-PLAYLIST-TYPE":
          if value == "VOD" || value == "EVENT" {
            media.playlistType = value
          } else {
            report(
              .error, "#EXT-X-PLAYLIST-TYPE is VOD or EVENT, not '\(Self.excerpt(value))'",
              line: number, column: valueColumn)
          }
        case "EXT-X-ENDLIST":
          media.hasEndList = true
        case "EXT-X-DISCONTINUITY":
          discontinuity = true
        case "EXT-X-MAP":
          let list = attributes(valueBytes, column: valueColumn, line: number)
          require(["URI"], in: list, tag: name, line: number)
          media.mapURI = list["URI"]?.value
        case "EXT-X-MEDIA":
          let list = attributes(valueBytes, column: valueColumn, line: number)
          if let rendition = rendition(list, line: number) {
            if multivariant.renditions.count + multivariant.variants.count >= limits.entries {
              report(
                .error,
                "the playlist has more than \(limits.entries) renditions and variants; the rest "
                  + "is not read", line: number)
              stopped = true
              break
            }
            multivariant.renditions.append(rendition)
          }
        case "EXT-X-STREAM-INF":
          let list = attributes(valueBytes, column: valueColumn, line: number)
          require(["BANDWIDTH"], in: list, tag: name, line: number)
          checkIntegers(["BANDWIDTH", "AVERAGE-BANDWIDTH"], in: list, tag: name, line: number)
          if let captions = list["CLOSED-CAPTIONS"], !captions.isQuoted, captions.value != "NONE" {
            report(
              .error,
              "CLOSED-CAPTIONS is a quoted group ID or NONE, not '\(Self.excerpt(captions.value))'",
              line: number, column: captions.column)
          }
          for key in ["AUDIO", "VIDEO", "SUBTITLES"] {
            if let attribute = list[key], !attribute.isQuoted {
              report(
                .error, "\(key) is a quoted group ID", line: number, column: attribute.column,
                hint: "write \(key)=\"\(attribute.value)\"")
            }
          }
          if multivariant.renditions.count + multivariant.variants.count >= limits.entries {
            report(
              .error,
              "the playlist has more than \(limits.entries) renditions and variants; the rest "
                + "is not read", line: number)
            stopped = true
            break
          }
          pendingVariant = (list, number)
        case "EXT-X-I-FRAME-STREAM-INF", "EXT-X-SESSION-DATA", "EXT-X-SESSION-KEY", "EXT-X-KEY",
          "EXT-X-START", "EXT-X-DATERANGE", "EXT-X-DEFINE", "EXT-X-CONTENT-STEERING",
          "EXT-X-PART-INF", "EXT-X-SERVER-CONTROL", "EXT-X-PRELOAD-HINT", "EXT-X-RENDITION-REPORT",
          "EXT-X-SKIP", "EXT-X-PART":
          _ = attributes(valueBytes, column: valueColumn, line: number)
        case "EXT-X-BYTERANGE", "EXT-X-PROGRAM-DATE-TIME", "EXT-X-DISCONTINUITY-SEQUENCE",
          "EXT-X-I-FRAMES-ONLY", "EXT-X-GAP", "EXT-X-BITRATE", "EXT-X-ALLOW-CACHE":
          break
        default:
          report(
            .remark, "unknown tag #\(name); players ignore it", line: number,
            hint: "check its spelling against RFC 8216")
        }
        if stopped { break }
      }
      if !sawHeader {
        report(
          .error, "the file is empty: this is not an HLS playlist",
          hint: "an HLS playlist starts with the line #EXTM3U")
        return Result(playlist: nil, diagnostics: diagnostics)
      }
      if !stopped {
        if let pending = pendingSegment {
          report(.error, "the last #EXTINF has no URI line after it", line: pending.line)
        }
        if let pending = pendingVariant {
          report(.error, "the last #EXT-X-STREAM-INF has no URI line after it", line: pending.line)
        }
      }
      checkLineEnds(lines)
      if let mediaLine, let multivariantLine {
        report(
          .error,
          "the playlist holds both media playlist tags (line \(mediaLine)) and multivariant "
            + "playlist tags (line \(multivariantLine)); it must be one or the other",
          line: max(mediaLine, multivariantLine))
      }
      let isMultivariant = multivariantLine.map { $0 < (mediaLine ?? .max) } ?? false
      if isMultivariant {
        return Result(playlist: .multivariant(multivariant), diagnostics: diagnostics)
      }
      if media.targetDuration == nil {
        report(
          .error, "the media playlist has no #EXT-X-TARGETDURATION, which RFC 8216 requires",
          line: 1, hint: "add #EXT-X-TARGETDURATION:<the longest segment, rounded>")
      }
      return Result(playlist: .media(media), diagnostics: diagnostics)
    }

    /// Tags that may appear once in a playlist.
    static let once: Set<String> = [
      "EXT-X-VERSION", "EXT-X-TARGETDURATION", "EXT-X-MEDIA-SEQUENCE", "EXT-X-PLAYLIST-TYPE",
      "EXT-X-ENDLIST", "EXT-X-INDEPENDENT-SEGMENTS", "EXT-X-START",
      "EXT-X-DISCONTINUITY-SEQUENCE", "EXT-X-I-FRAMES-ONLY",
    ]

    /// The lines of the file: split at LF, a CR before the LF removed.
    func splitLines() -> [TextLine] {
      var lines: [TextLine] = []
      var start = 0
      var number = 1
      while start < bytes.count {
        guard let newline = bytes[start...].firstIndex(of: 0x0A) else {
          lines.append(TextLine(range: start..<bytes.count, number: number, terminator: .none))
          break
        }
        if newline > start, bytes[newline - 1] == 0x0D {
          lines.append(TextLine(range: start..<(newline - 1), number: number, terminator: .crlf))
        } else {
          lines.append(TextLine(range: start..<newline, number: number, terminator: .lf))
        }
        start = newline + 1
        number += 1
        if number > limits.lines + 1 { break }
      }
      return lines
    }

    /// A warning when some lines end with LF and others with CR LF.
    mutating func checkLineEnds(_ lines: [TextLine]) {
      guard let firstCRLF = lines.first(where: { $0.terminator == .crlf }),
        let firstLF = lines.first(where: { $0.terminator == .lf })
      else { return }
      let later = max(firstCRLF.number, firstLF.number)
      report(
        .warning,
        "the playlist mixes line ends: line \(firstLF.number) ends with LF, line "
          + "\(firstCRLF.number) with CR LF", line: later,
        hint: "end every line the same way (LF)")
    }

    mutating func attributes(_ bytes: ArraySlice<UInt8>, column: Int, line: Int)
      -> HLSAttributeList
    {
      let (list, problems) = HLSAttributeParser.parse(bytes, column: column)
      for problem in problems {
        report(.error, problem.message, line: line, column: problem.column)
      }
      return list
    }

    mutating func require(_ names: [String], in list: HLSAttributeList, tag: String, line: Int) {
      for name in names where list[name] == nil {
        report(.error, "#\(tag) has no \(name) attribute, which it requires", line: line)
      }
    }

    mutating func checkIntegers(
      _ names: [String], in list: HLSAttributeList, tag: String, line: Int
    ) {
      for name in names {
        guard let attribute = list[name] else { continue }
        if attribute.isQuoted || Self.integer(attribute.value) == nil {
          report(
            .error, "\(name) takes a whole number, not '\(Self.excerpt(attribute.value))'",
            line: line, column: attribute.column)
        }
      }
    }

    /// An `EXT-X-MEDIA` tag's rendition, its required and enumerated attributes checked; nil
    /// when it lacks one a rendition cannot be without (TYPE, GROUP-ID, NAME).
    mutating func rendition(_ list: HLSAttributeList, line: Int) -> HLSRendition? {
      require(["TYPE", "GROUP-ID", "NAME"], in: list, tag: "EXT-X-MEDIA", line: line)
      for name in [
        "GROUP-ID", "NAME", "LANGUAGE", "ASSOC-LANGUAGE", "URI", "INSTREAM-ID",
        "CHARACTERISTICS", "CHANNELS", "STABLE-RENDITION-ID",
      ] {
        if let attribute = list[name], !attribute.isQuoted {
          report(
            .error, "\(name) is a quoted string", line: line, column: attribute.column,
            hint: "write \(name)=\"\(attribute.value)\"")
        }
      }
      func flag(_ name: String) -> Bool {
        guard let attribute = list[name] else { return false }
        if attribute.isQuoted || (attribute.value != "YES" && attribute.value != "NO") {
          report(
            .error, "\(name) is YES or NO, not '\(Self.excerpt(attribute.value))'", line: line,
            column: attribute.column)
        }
        return attribute.value == "YES"
      }
      let isDefault = flag("DEFAULT")
      let autoselect = flag("AUTOSELECT")
      let forced = flag("FORCED")
      guard let type = list["TYPE"]?.value, let group = list["GROUP-ID"]?.value,
        let name = list["NAME"]?.value
      else { return nil }
      let types = ["AUDIO", "VIDEO", "SUBTITLES", "CLOSED-CAPTIONS"]
      if !types.contains(type) || list["TYPE"]?.isQuoted == true {
        report(
          .error,
          "TYPE is AUDIO, VIDEO, SUBTITLES or CLOSED-CAPTIONS, not '\(Self.excerpt(type))'",
          line: line, column: list["TYPE"]?.column ?? 1)
      }
      if type == "SUBTITLES", list["URI"] == nil {
        report(
          .error, "a SUBTITLES rendition has no URI, which RFC 8216 requires", line: line,
          hint: "point URI at the rendition's media playlist")
      }
      if type == "CLOSED-CAPTIONS" {
        if let uri = list["URI"] {
          report(
            .error, "a CLOSED-CAPTIONS rendition has a URI, which RFC 8216 forbids", line: line,
            column: uri.column, hint: "closed captions travel in the video; remove URI")
        }
        if list["INSTREAM-ID"] == nil {
          report(
            .error, "a CLOSED-CAPTIONS rendition has no INSTREAM-ID, which RFC 8216 requires",
            line: line, hint: "name the channel: INSTREAM-ID=\"CC1\"")
        }
      } else if let instream = list["INSTREAM-ID"] {
        report(
          .error, "INSTREAM-ID belongs to CLOSED-CAPTIONS renditions only", line: line,
          column: instream.column)
      }
      if forced, type != "SUBTITLES" {
        report(
          .error, "FORCED belongs to SUBTITLES renditions only", line: line,
          column: list["FORCED"]?.column ?? 1)
      }
      let characteristics = list["CHARACTERISTICS"].map {
        $0.value.split(separator: ",").map { String($0) }
      }
      return HLSRendition(
        type: type, groupID: group, name: name, language: list["LANGUAGE"]?.value,
        associatedLanguage: list["ASSOC-LANGUAGE"]?.value, isDefault: isDefault,
        autoselect: autoselect, forced: forced, instreamID: list["INSTREAM-ID"]?.value,
        characteristics: characteristics ?? [], uri: list["URI"]?.value, attributes: list,
        line: line)
    }

    static func variant(_ list: HLSAttributeList, uri: String, line: Int, uriLine: Int)
      -> HLSVariant
    {
      let captions = list["CLOSED-CAPTIONS"].map { attribute -> HLSVariant.ClosedCaptions in
        attribute.isQuoted ? .group(attribute.value) : .none
      }
      return HLSVariant(
        bandwidth: list["BANDWIDTH"].flatMap { integer($0.value) },
        codecs: list["CODECS"]?.value, resolution: list["RESOLUTION"]?.value,
        audio: list["AUDIO"]?.value, video: list["VIDEO"]?.value,
        subtitles: list["SUBTITLES"]?.value, closedCaptions: captions, uri: uri,
        attributes: list, line: line, uriLine: uriLine)
    }

    /// A decimal integer of at most 18 digits.
    static func integer(_ text: String) -> Int? {
      guard !text.isEmpty, text.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) })
      else { return nil }
      return Int(text)
    }

    static func excerpt(_ text: String) -> String {
      text.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    /// The offset of the first byte that does not belong to well-formed UTF-8, if any.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
      var index = 0
      let count = bytes.count
      while index < count {
        let byte = bytes[index]
        if byte < 0x80 {
          index += 1
          continue
        }
        let length: Int
        let minimum: UInt32
        switch byte {
        case 0xC2...0xDF: (length, minimum) = (2, 0x80)
        case 0xE0...0xEF: (length, minimum) = (3, 0x800)
        case 0xF0...0xF4: (length, minimum) = (4, 0x10000)
        default: return index
        }
        guard index + length <= count else { return index }
        var scalar = UInt32(byte) & (0xFF >> (length + 1))
        for offset in 1..<length {
          let next = bytes[index + offset]
          guard next & 0xC0 == 0x80 else { return index }
          scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
          return index
        }
        index += length
      }
      return nil
    }
  }
}

extension StringProtocol {
  /// The text without spaces and tabs at either end.
  fileprivate func trimmingWhitespace() -> String {
    var slice = Substring(self)
    while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
    while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
    return String(slice)
  }
}
