/// A small independent scanner that checks generated files are well-formed: block structure,
/// timestamps, counters and balanced tags. Simpler than the real readers on purpose, so the
/// generator's tests do not depend on the code the benchmark measures.
struct CaptionScan {
  struct Cue {
    var id: String?
    var start: Int
    var end: Int
    var settings: String
    var lines: [String]
  }

  var cues: [Cue] = []
  /// Blocks other than cues, by their first word (`STYLE`, `NOTE`), in order.
  var otherBlocks: [String] = []
  /// Every deviation found, one phrase each.
  var problems: [String] = []

  static func webVTT(_ bytes: [UInt8]) -> CaptionScan {
    var scan = CaptionScan()
    let blocks = scan.blocks(bytes)
    guard let header = blocks.first, header.first == "WEBVTT" else {
      scan.problems.append("no WEBVTT signature line")
      return scan
    }
    for block in blocks.dropFirst() {
      let first = block[0]
      if first == "STYLE" || first == "NOTE" || first.hasPrefix("NOTE ") {
        if first == "STYLE", !scan.cues.isEmpty { scan.problems.append("STYLE after a cue") }
        scan.otherBlocks.append(String(first.prefix { $0 != " " }))
        continue
      }
      let hasID = !first.contains("-->")
      scan.addCue(block, id: hasID ? first : nil, separator: ".", vtt: true)
    }
    return scan
  }

  static func srt(_ bytes: [UInt8]) -> CaptionScan {
    var scan = CaptionScan()
    for block in scan.blocks(bytes) {
      if block[0] != "\(scan.cues.count + 1)" {
        scan.problems.append("counter \(block[0]) where \(scan.cues.count + 1) belongs")
      }
      scan.addCue(block, id: block[0], separator: ",", vtt: false)
    }
    return scan
  }

  /// The file's blocks: runs of non-empty lines between empty lines.
  private mutating func blocks(_ bytes: [UInt8]) -> [[String]] {
    if !bytes.isEmpty, bytes.last != 0x0A {
      problems.append("the file does not end with a line break")
    }
    if bytes.contains(0x0D) { problems.append("carriage return in the file") }
    var blocks: [[String]] = []
    var current: [String] = []
    for line in String(decoding: bytes, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    {
      if line.isEmpty {
        if !current.isEmpty { blocks.append(current) }
        current = []
      } else {
        current.append(String(line))
      }
    }
    if !current.isEmpty { blocks.append(current) }
    return blocks
  }

  private mutating func addCue(_ block: [String], id: String?, separator: Character, vtt: Bool) {
    let timingIndex = id == nil ? 0 : 1
    guard timingIndex < block.count else {
      problems.append("block \(block[0]) has no timing line")
      return
    }
    let parts = block[timingIndex].split(separator: " ", maxSplits: 3).map(String.init)
    guard parts.count >= 3, parts[1] == "-->",
      let start = CaptionScan.milliseconds(parts[0], separator: separator),
      let end = CaptionScan.milliseconds(parts[2], separator: separator)
    else {
      problems.append("bad timing line \(block[timingIndex])")
      return
    }
    let cue = Cue(
      id: id, start: start, end: end, settings: parts.count > 3 ? parts[3] : "",
      lines: Array(block[(timingIndex + 1)...]))
    if start >= end { problems.append("cue \(cues.count + 1) ends before it starts") }
    if let previous = cues.last, start < previous.end {
      problems.append("cue \(cues.count + 1) overlaps the one before")
    }
    if cue.lines.isEmpty || cue.lines.count > 3 {
      problems.append("cue \(cues.count + 1) has \(cue.lines.count) lines")
    }
    if !vtt, !cue.settings.isEmpty { problems.append("SRT cue \(cues.count + 1) has settings") }
    for line in cue.lines where line.contains("-->") {
      problems.append("cue \(cues.count + 1) text holds -->: \(line)")
    }
    if let problem = CaptionScan.markupProblem(cue.lines, vtt: vtt) {
      problems.append("cue \(cues.count + 1): \(problem)")
    }
    cues.append(cue)
  }

  /// `hh:mm:ss.ttt` (hours may have more digits) in milliseconds.
  static func milliseconds(_ text: String, separator: Character) -> Int? {
    let pieces = text.split(separator: ":")
    guard pieces.count == 3, pieces[0].count >= 2, pieces[1].count == 2,
      let hours = Int(pieces[0]), let minutes = Int(pieces[1]), minutes < 60
    else { return nil }
    let seconds = pieces[2].split(separator: separator)
    guard seconds.count == 2, seconds[0].count == 2, seconds[1].count == 3,
      let whole = Int(seconds[0]), whole < 60, let fraction = Int(seconds[1])
    else { return nil }
    return ((hours * 60 + minutes) * 60 + whole) * 1000 + fraction
  }

  /// A problem with the tags or character references of a cue's lines, or nil.
  static func markupProblem(_ lines: [String], vtt: Bool) -> String? {
    var open: [String] = []
    for (number, line) in lines.enumerated() {
      var rest = Substring(line)
      if !vtt, number == 0, rest.hasPrefix("{\\an8}") { rest = rest.dropFirst(6) }
      while let character = rest.first {
        if character == "&", vtt {
          // WebVTT needs `&amp;`; SRT has no character references and takes `&` as is.
          guard rest.hasPrefix("&amp;") else { return "bare & in \(line)" }
          rest = rest.dropFirst(5)
        } else if character == "<" {
          guard let close = rest.firstIndex(of: ">") else { return "unclosed < in \(line)" }
          let tag = String(rest[rest.index(after: rest.startIndex)..<close])
          rest = rest[rest.index(after: close)...]
          if tag.hasPrefix("/") {
            guard open.popLast() == String(tag.dropFirst()) else { return "stray </\(tag)>" }
          } else if tag == "i" || tag == "b" {
            open.append(tag)
          } else if vtt, tag.hasPrefix("c.") {
            open.append("c")
          } else if vtt, tag.hasPrefix("v "), tag.count > 2, open.isEmpty {
            open.append("v")
          } else {
            return "unexpected tag <\(tag)>"
          }
        } else {
          rest = rest.dropFirst()
        }
      }
      // Only a voice may stay open past the end of its line.
      if let last = open.last, last != "v" { return "<\(last)> left open in \(line)" }
    }
    return nil
  }
}
