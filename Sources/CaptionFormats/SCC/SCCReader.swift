public import CaptionCore

/// Reads Scenarist SCC files (`Scenarist_SCC V1.0`): each line a timecode, a tab and CEA-608
/// byte pairs in hexadecimal (`9420 9420 94ae ...`), one pair per frame from the timecode on,
/// all in field 1. The pairs go through `CEA608Decoder`; one channel becomes the track: CC1,
/// or the first channel with captions when CC1 has none, with a remark naming the others.
/// Each problem is a `parse.scc` finding at its line and column.
public enum SCCReader {
  /// The rule id of every finding of this reader.
  public static let rule = "parse.scc"

  /// The first line of every SCC file.
  public static let header = "Scenarist_SCC V1.0"

  /// Reads `text`.
  public static func read(_ text: DecodedText, path: String? = nil) -> ReadResult {
    var decoder = CEA608Decoder()
    let scanned = scan(text, path: path) { frame, first, second, location in
      decoder.decode(
        CEA608Pair(
          first, second, field: 1, time: SCCTimecode.time(ofFrame: frame), location: location))
    }
    var diagnostics = scanned.diagnostics
    func report(_ severity: Severity, _ message: String, hint: String? = nil) {
      diagnostics.append(
        Diagnostic(rule: rule, severity: severity, message: message, file: path, hint: hint))
    }
    let captions = decoder.finish()
    for finding in captions.findings {
      diagnostics.append(finding.diagnostic(rule: rule, file: path))
    }
    let used = captions.channelsWithCues
    let chosen = used.contains(.cc1) ? CEA608Channel.cc1 : used.first ?? .cc1
    let others = used.filter { $0 != chosen }
    if !others.isEmpty {
      let names = others.map(\.description).joined(separator: ", ")
      report(
        .remark, "the file also carries captions in \(names); only \(chosen) is read",
        hint: "captionkit reads one channel of an SCC file")
    }
    if !scanned.sawContent {
      report(.error, "the file is empty; no '\(header)' line")
    }
    let sorted = diagnostics.enumerated()
      .sorted {
        ($0.element.location?.offset ?? -1, $0.offset) < (
          $1.element.location?.offset ?? -1, $1.offset
        )
      }
      .map(\.element)
    let cues = captions[chosen].cuesToTheMillisecond
    let track = Track(format: .scc, path: path, encoding: text.encoding.rawValue, cues: cues)
    return ReadResult(track: track, diagnostics: text.diagnostics + sorted)
  }

  /// The byte pairs of `text` as they are written, each line's run a block from the frame
  /// its timecode labels (or the frame after the line before, where it overlaps), in field 1:
  /// what a `c608` track of the file holds when the pairs are passed through unchanged.
  /// Words that are not pairs are left out (the frame they would take is kept).
  public static func blocks(_ text: DecodedText) -> [CEA608Encoder.Block] {
    var blocks: [CEA608Encoder.Block] = []
    _ = scan(text, path: nil) { frame, first, second, _ in
      let pair = UInt16(first) << 8 | UInt16(second)
      if let last = blocks.last, last.frame + last.pairs.count == frame {
        blocks[blocks.count - 1].pairs.append(pair)
      } else {
        blocks.append(CEA608Encoder.Block(frame: frame, pairs: [pair]))
      }
    }
    return blocks
  }

  /// Reads the lines of `text`, calling `each` with every byte pair, its frame and where it
  /// is, and returns the findings of the file's form (header, timecodes, words).
  private static func scan(
    _ text: DecodedText, path: String?,
    each: (_ frame: Int, _ first: UInt8, _ second: UInt8, _ location: SourceLocation) -> Void
  ) -> (diagnostics: [Diagnostic], sawContent: Bool) {
    var diagnostics: [Diagnostic] = []
    func report(
      _ severity: Severity, _ message: String, at location: SourceLocation?, hint: String? = nil,
      losesText: Bool = false
    ) {
      diagnostics.append(
        Diagnostic(
          rule: rule, severity: severity, message: message, file: path, location: location,
          hint: hint, losesText: losesText))
    }
    let bytes = text.utf8
    var lines = LineScanner(bytes)
    var sawHeader = false
    var sawContent = false
    /// The frame after the last pair of the line before.
    var nextFrame: Int?
    var previousTimecode: SCCTimecode?
    while let line = lines.next() {
      var start = line.range.lowerBound
      if line.number == 1, bytes[line.range].starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }
      var end = line.range.upperBound
      while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
      while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
      guard start < end else { continue }
      func place(_ offset: Int) -> SourceLocation {
        SourceLocation(
          line: line.number, column: offset - line.range.lowerBound + 1, offset: offset)
      }
      let content = bytes[start..<end]
      if !sawContent {
        sawContent = true
        if content.elementsEqual(header.utf8) {
          sawHeader = true
          continue
        }
        report(
          .error, "the file does not start with the line '\(header)'", at: place(start),
          hint: "start the file with the line \(header)")
      }
      if !sawHeader, content.elementsEqual(header.utf8) {
        sawHeader = true
        continue
      }
      // The timecode: up to the first tab or space.
      var cut = start
      while cut < end, bytes[cut] != 0x09, bytes[cut] != 0x20 { cut += 1 }
      guard let timecode = SCCTimecode(bytes[start..<cut]) else {
        let excerpt = String(decoding: content.prefix(40), as: UTF8.self)
        report(
          .error, "line '\(excerpt)' is not a timecode and byte pairs; ignored",
          at: place(start), hint: "write HH:MM:SS;FF, a tab, then pairs such as 9420",
          losesText: true)
        continue
      }
      if !timecode.isValid {
        report(
          .warning,
          timecode.frames >= 30 || timecode.seconds >= 60 || timecode.minutes >= 60
            ? "timecode \(timecode) is out of range; read as frame \(timecode.frameNumber)"
            : "drop-frame timecode \(timecode) does not exist; read as the next frame",
          at: place(start),
          hint: "frames run 00-29; drop-frame skips ;00 and ;01 each minute "
            + "but every tenth")
      }
      var frame = timecode.frameNumber
      if let next = nextFrame, frame < next, let previous = previousTimecode {
        let shown = SCCTimecode(frameNumber: next, dropFrame: timecode.dropFrame)
        report(
          .warning,
          frame < previous.frameNumber
            ? "timecode \(timecode) is before the previous line's \(previous); its pairs are "
              + "read from \(shown)"
            : "timecode \(timecode) overlaps the previous line's pairs, which run to \(shown); "
              + "its pairs are read from there",
          at: place(start),
          hint: "each line's timecode must follow the last frame of the line "
            + "before (one pair per frame)")
        frame = next
      }
      previousTimecode = timecode
      // The pairs: words of four hexadecimal digits, separated by spaces or tabs.
      var index = cut
      while index < end {
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        guard index < end else { break }
        let wordStart = index
        while index < end, bytes[index] != 0x20, bytes[index] != 0x09 { index += 1 }
        let word = bytes[wordStart..<index]
        let location = place(wordStart)
        if let (first, second) = pair(word) {
          each(frame, first, second, location)
        } else {
          let excerpt = String(decoding: word.prefix(12), as: UTF8.self)
          report(
            .error, "'\(excerpt)' is not a byte pair of four hexadecimal digits; skipped",
            at: location, hint: "write each pair as four hexadecimal digits, such as 9420",
            losesText: true)
        }
        frame += 1
      }
      nextFrame = frame
    }
    return (diagnostics, sawContent)
  }

  public static func read(_ string: String, path: String? = nil) -> ReadResult {
    read(DecodedText(string), path: path)
  }

  /// The two bytes of a word of four hexadecimal digits; nil for anything else.
  static func pair(_ word: ArraySlice<UInt8>) -> (UInt8, UInt8)? {
    guard word.count == 4 else { return nil }
    var value: UInt16 = 0
    for byte in word {
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: return nil
      }
      value = value << 4 | UInt16(digit)
    }
    return (UInt8(value >> 8), UInt8(value & 0xFF))
  }
}
