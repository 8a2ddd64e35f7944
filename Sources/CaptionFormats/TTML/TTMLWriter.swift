public import CaptionCore

/// Writes a track as TTML in the IMSC 1.1 Text profile: one `p` per cue with `br` between
/// lines, italic, bold and underline as styled `span`s, voices as `ttm:agent`, languages as
/// `xml:lang`, cues with a line setting in a top or middle region (the others at the bottom),
/// and every time as clock time `hh:mm:ss.fff`.
///
/// Times are exact when they are a whole number of milliseconds, or any decimal fraction of a
/// second up to nine digits (`00:00:01.0333`); other times (a third of a second, frames at
/// 30000/1001) are rounded to the millisecond and reported. What TTML cannot hold is reported
/// as `convert.lossy`, never dropped silently.
public enum TTMLWriter {
  /// The rule id of what TTML could not carry.
  public static let lossyRule = "convert.lossy"

  /// Appends the TTML form of `track` to `output` and returns what it could not carry.
  @discardableResult
  public static func write(_ track: Track, into output: inout [UInt8]) -> [Diagnostic] {
    var writer = TTMLDocumentWriter(track: track)
    writer.write(into: &output)
    return writer.diagnostics
  }

  public static func string(_ track: Track) -> String {
    var bytes: [UInt8] = []
    write(track, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// One document being written: the body is written first, collecting the regions and agents
/// the head then declares.
struct TTMLDocumentWriter {
  let track: Track
  var diagnostics: [Diagnostic] = []
  private var agents: [String] = []
  private var agentIds: [String: String] = [:]
  private var usedRegions: Set<String> = []
  private var ids: Set<String> = []
  private var droppedIds: [String] = []
  private var lost: [String] = []

  init(track: Track) {
    self.track = track
  }

  private static let regions: [(id: String, align: String)] = [
    ("bottom", "after"), ("top", "before"), ("middle", "center"),
  ]

  mutating func write(into output: inout [UInt8]) {
    let keep = "convert to WebVTT to keep it"
    if !track.stylesheets.isEmpty {
      let count = track.stylesheets.count
      lossy("\(count) style \(count == 1 ? "sheet" : "sheets") not kept in TTML", hint: keep)
    }
    if !track.regions.isEmpty {
      let count = track.regions.count
      lossy("\(count) WebVTT \(count == 1 ? "region" : "regions") not kept in TTML", hint: keep)
    }
    let otherHeader = track.header.filter {
      !$0.hasPrefix("ttp:contentProfiles:") && !$0.hasPrefix("ttp:profile:")
        && !$0.trimmingXMLSpace().isEmpty
    }
    if !otherHeader.isEmpty { lossy("header text not kept in TTML", hint: keep) }
    if !track.comments.isEmpty {
      let count = track.comments.count
      lossy("\(count) NOTE \(count == 1 ? "comment" : "comments") not kept in TTML", hint: keep)
    }
    for line in track.header
    where line.hasPrefix("ttp:contentProfiles:") || line.hasPrefix("ttp:profile:") {
      let value = line.drop { $0 != ":" }.dropFirst().drop { $0 != ":" }.dropFirst()
        .trimmingCharacters()
      if value != TTMLNamespace.imsc11Text {
        lossy(
          "content profile \(value) replaced by IMSC 1.1 Text",
          hint: "the output is written in the IMSC 1.1 Text profile")
      }
    }

    var body: [UInt8] = []
    body.reserveCapacity(track.cues.count * 96)
    for (offset, cue) in track.cues.enumerated() {
      writeCue(cue, index: offset + 1, into: &body)
    }
    if !droppedIds.isEmpty {
      let example = droppedIds[0]
      let count = droppedIds.count
      lossy(
        "\(count) cue \(count == 1 ? "id is" : "ids are") not XML names or repeated (such as "
          + "\(example)); not kept",
        hint: "an xml:id starts with a letter or _ and holds no space")
    }

    let language = track.language?.rawValue ?? ""
    if track.language == nil, !track.cues.isEmpty {
      lossy(
        "the track has no language; written as xml:lang=\"\"",
        hint: "give the language with --locale")
    }
    append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", to: &output)
    append(
      "<tt xmlns=\"\(TTMLNamespace.ttml)\" xmlns:ttp=\"\(TTMLNamespace.parameter)\""
        + " xmlns:tts=\"\(TTMLNamespace.styling)\" xmlns:ttm=\"\(TTMLNamespace.metadata)\""
        + " ttp:contentProfiles=\"\(TTMLNamespace.imsc11Text)\" xml:lang=\"", to: &output)
    appendEscaped(language, attribute: true, to: &output)
    append("\">\n  <head>\n", to: &output)
    if !agents.isEmpty {
      append("    <metadata>\n", to: &output)
      for (index, name) in agents.enumerated() {
        append(
          "      <ttm:agent xml:id=\"agent\(index + 1)\" type=\"person\"><ttm:name type=\"full\">",
          to: &output)
        appendEscaped(name, attribute: false, to: &output)
        append("</ttm:name></ttm:agent>\n", to: &output)
      }
      append("    </metadata>\n", to: &output)
    }
    append("    <layout>\n", to: &output)
    for region in Self.regions where region.id == "bottom" || usedRegions.contains(region.id) {
      append(
        "      <region xml:id=\"\(region.id)\" tts:origin=\"10% 10%\" tts:extent=\"80% 80%\""
          + " tts:displayAlign=\"\(region.align)\" tts:textAlign=\"center\"/>\n", to: &output)
    }
    append("    </layout>\n  </head>\n  <body region=\"bottom\">\n    <div>\n", to: &output)
    output.append(contentsOf: body)
    append("    </div>\n  </body>\n</tt>\n", to: &output)
  }

  // MARK: Cues

  private mutating func writeCue(_ cue: Cue, index: Int, into output: inout [UInt8]) {
    lost.removeAll(keepingCapacity: true)
    append("      <p", to: &output)
    if !cue.id.isEmpty {
      if Self.isName(cue.id), ids.insert(cue.id).inserted {
        append(" xml:id=\"", to: &output)
        appendEscaped(cue.id, attribute: true, to: &output)
        output.append(UInt8(ascii: "\""))
      } else {
        droppedIds.append(cue.id)
      }
    }
    append(" begin=\"", to: &output)
    appendTime(cue.start, role: "start", to: &output)
    append("\" end=\"", to: &output)
    appendTime(cue.end, role: "end", to: &output)
    output.append(UInt8(ascii: "\""))
    appendSettings(cue.settings, to: &output)
    let nodes = cue.text.nodes
    if Self.needsPreserve(nodes) { append(" xml:space=\"preserve\"", to: &output) }
    output.append(UInt8(ascii: ">"))
    appendNodes(nodes, to: &output)
    append("</p>\n", to: &output)
    if !lost.isEmpty {
      var unique: [String] = []
      for phrase in lost where !unique.contains(phrase) { unique.append(phrase) }
      diagnostics.append(
        Diagnostic(
          rule: TTMLWriter.lossyRule, severity: .warning,
          message: "cue \(index) loses \(unique.joined(separator: ", ")) in TTML",
          file: track.path, location: cue.location, cue: cue.reference(index: index),
          hint: "TTML (IMSC 1.1 Text) cannot carry it; convert to WebVTT to keep it"))
    }
  }

  private mutating func appendSettings(_ settings: CueSettings, to output: inout [UInt8]) {
    var region = "bottom"
    if let line = settings.line {
      let value = SRTAlignment.number(line)
      if settings.snapToLines {
        if line >= 0 {
          region = "top"
          if line != 0 { lost.append("line \(value) (written as the top region)") }
        } else if line != -1 {
          lost.append("line \(value) (written as the bottom region)")
        }
        if settings.lineAlign != .start {
          lost.append("line alignment \(settings.lineAlign.rawValue)")
        }
      } else if line == 50 && settings.lineAlign == .center {
        region = "middle"
      } else {
        region = line < 100.0 / 3 ? "top" : line > 200.0 / 3 ? "bottom" : "middle"
        lost.append("line \(value)% (written as the \(region) region)")
        if settings.lineAlign != .start {
          lost.append("line alignment \(settings.lineAlign.rawValue)")
        }
      }
    } else if settings.lineAlign != .start {
      lost.append("line alignment \(settings.lineAlign.rawValue)")
    }
    if region != "bottom" {
      usedRegions.insert(region)
      append(" region=\"\(region)\"", to: &output)
    }
    if settings.align != .center {
      append(" tts:textAlign=\"\(settings.align.rawValue)\"", to: &output)
    }
    if let position = settings.position {
      lost.append("position \(SRTAlignment.number(position))%")
    }
    if settings.positionAlign != .auto {
      lost.append("position alignment \(settings.positionAlign.rawValue)")
    }
    if settings.size != 100 { lost.append("size \(SRTAlignment.number(settings.size))%") }
    if settings.vertical != .horizontal { lost.append("vertical \(settings.vertical.rawValue)") }
    if let region = settings.region { lost.append("region '\(region)'") }
  }

  // MARK: Text

  /// True when the text has white space a TTML reader would collapse: a tab, two spaces in a
  /// row, or a space at the start or end of a line.
  private static func needsPreserve(_ nodes: [CueNode]) -> Bool {
    var previousSpace = true
    var stack: [ArraySlice<CueNode>] = [nodes[...]]
    while var top = stack.popLast() {
      guard let node = top.popFirst() else { continue }
      stack.append(top)
      switch node {
      case .text(let string):
        for scalar in string.unicodeScalars {
          switch scalar {
          case "\t", "\r": return true
          case " ":
            if previousSpace { return true }
            previousSpace = true
          case "\n":
            if previousSpace { return true }
            previousSpace = true
          default: previousSpace = false
          }
        }
      case .timestamp: break
      case .element(let element): stack.append(element.children[...])
      }
    }
    return previousSpace && !nodes.isEmpty
  }

  /// Writes the nodes with an explicit stack: any depth is safe.
  private mutating func appendNodes(_ nodes: [CueNode], to output: inout [UInt8]) {
    enum Step {
      case node(CueNode)
      case close(String)
    }
    var steps: [Step] = nodes.reversed().map { .node($0) }
    var rubyDepth = 0
    while let step = steps.popLast() {
      switch step {
      case .close(let tag):
        if tag == "ruby" {
          rubyDepth -= 1
        } else if tag == "rt" {
          output.append(UInt8(ascii: ")"))
        } else {
          append(tag, to: &output)
        }
      case .node(.text(let string)):
        appendText(string, to: &output)
      case .node(.timestamp(let time)):
        lost.append("inner timestamp \(time)")
      case .node(.element(let element)):
        var close = "</span>"
        switch element.kind {
        case .italic: append("<span tts:fontStyle=\"italic\">", to: &output)
        case .bold: append("<span tts:fontWeight=\"bold\">", to: &output)
        case .underline: append("<span tts:textDecoration=\"underline\">", to: &output)
        case .voice:
          let name = element.annotation ?? ""
          if name.isEmpty {
            close = ""
          } else {
            let id: String
            if let known = agentIds[name] {
              id = known
            } else {
              agents.append(name)
              id = "agent\(agents.count)"
              agentIds[name] = id
            }
            append("<span ttm:agent=\"\(id)\">", to: &output)
          }
        case .language:
          let tag = element.annotation ?? ""
          append("<span xml:lang=\"", to: &output)
          appendEscaped(tag, attribute: true, to: &output)
          append("\">", to: &output)
        case .class:
          // The first colour class is the span's colour (as SRT's `<font color>` and TTML's
          // own `tts:color` are read); other classes have no TTML form.
          var colour: String?
          for name in element.classes {
            if colour == nil, let value = Self.colour(ofClass: name) {
              colour = value
            } else {
              lost.append("class \(name)")
            }
          }
          if let colour {
            append("<span tts:color=\"\(colour)\">", to: &output)
          } else {
            close = ""
          }
        case .ruby:
          close = "ruby"
          rubyDepth += 1
          lost.append("ruby (its text written in parentheses)")
        case .rubyText:
          close = "rt"
          output.append(UInt8(ascii: "("))
        }
        if element.kind != .class, !element.classes.isEmpty {
          for name in element.classes { lost.append("class \(name)") }
        }
        steps.append(.close(close))
        steps.append(contentsOf: element.children.reversed().map { .node($0) })
      }
    }
    _ = rubyDepth
  }

  /// The `tts:color` of a colour class (`yellow`, `color-ff8800`, `color-teal`): `#rrggbb`
  /// or `#rrggbbaa`; nil for a class that is no colour, or a colour name TTML does not know
  /// (`color-orange`).
  static func colour(ofClass name: String) -> String? {
    guard let value = SRTColor.value(forClass: name) else { return nil }
    let hex = value.hasPrefix("#") ? String(value.dropFirst()) : TTMLColor.names[value]
    guard let hex, hex.count == 6 || hex.count == 8 else { return nil }
    return "#" + hex
  }

  /// Appends text, escaped, with each line break as `<br/>`.
  private mutating func appendText(_ string: String, to output: inout [UInt8]) {
    var string = string
    let (replaced, carriageReturn) = string.withUTF8 { Self.appendText($0, to: &output) }
    if carriageReturn { lost.append("a carriage return (written as a line break)") }
    if replaced { lost.append("characters XML cannot hold (written as U+FFFD)") }
  }

  /// Appends UTF-8 text escaped, line breaks as `<br/>`; returns whether characters XML cannot
  /// hold were replaced, and whether a carriage return was met.
  private static func appendText(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8])
    -> (replaced: Bool, carriageReturn: Bool)
  {
    var replaced = false
    var carriageReturn = false
    var index = 0
    var copied = 0
    func flush(upTo end: Int) {
      if end > copied { output.append(contentsOf: bytes[copied..<end]) }
    }
    while index < bytes.count {
      let byte = bytes[index]
      var replacement: StaticString?
      var width = 1
      switch byte {
      case 0x0A: replacement = "<br/>"
      case 0x0D:
        carriageReturn = true
        replacement = "<br/>"
        if index + 1 < bytes.count, bytes[index + 1] == 0x0A { width = 2 }
      case UInt8(ascii: "&"): replacement = "&amp;"
      case UInt8(ascii: "<"): replacement = "&lt;"
      case UInt8(ascii: ">"): replacement = "&gt;"
      case 0x09: break
      case 0..<0x20:
        replaced = true
        replacement = "\u{FFFD}"
      case 0xEF:
        // U+FFFE and U+FFFF are not XML characters.
        if index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
          replaced = true
          replacement = "\u{FFFD}"
          width = 3
        }
      default: break
      }
      if let replacement {
        flush(upTo: index)
        output.append(
          contentsOf: UnsafeBufferPointer(
            start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
        copied = index + width
      }
      index += width
    }
    flush(upTo: bytes.count)
    return (replaced, carriageReturn)
  }

  // MARK: Values

  private mutating func appendTime(_ time: MediaTime, role: String, to output: inout [UInt8]) {
    var time = time
    if time < .zero {
      lost.append("negative \(role) time \(time) (written as 00:00:00.000)")
      time = .zero
    }
    // The fewest decimals (at least 3, at most 9) that write the time exactly.
    var digits = 3
    var scale: Int64 = 1000
    while digits < 9, time.converted(to: Int32(scale)) != time {
      digits += 1
      scale *= 10
    }
    var ticks = time.converted(to: Int32(scale)).value
    if time.converted(to: Int32(scale)) != time {
      lost.append(
        "\(role) time precision finer than a nanosecond or not decimal (rounded to \(time))")
      digits = 3
      scale = 1000
      ticks = time.milliseconds
    }
    let whole = ticks / scale
    var fraction = String(ticks % scale)
    while fraction.count < digits { fraction = "0" + fraction }
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    append(
      "\(two(whole / 3600)):\(two(whole / 60 % 60)):\(two(whole % 60)).\(fraction)", to: &output)
  }

  private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: return true
    case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
    default: return false
    }
  }

  /// True when `id` is an XML name without a colon (an NCName), as `xml:id` needs.
  static func isName(_ id: String) -> Bool {
    guard let first = id.unicodeScalars.first else { return false }
    func isStart(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "_" || scalar.properties.isAlphabetic
    }
    guard isStart(first) else { return false }
    return id.unicodeScalars.allSatisfy {
      isStart($0) || $0 == "-" || $0 == "." || ("0"..."9").contains($0)
        || $0.properties.generalCategory == .nonspacingMark
    }
  }

  private mutating func lossy(_ message: String, hint: String) {
    diagnostics.append(
      Diagnostic(
        rule: TTMLWriter.lossyRule, severity: .warning, message: message, file: track.path,
        hint: hint))
  }

  private func append(_ text: String, to output: inout [UInt8]) {
    output.append(contentsOf: text.utf8)
  }

  private func appendEscaped(_ text: String, attribute: Bool, to output: inout [UInt8]) {
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": append("&amp;", to: &output)
      case "<": append("&lt;", to: &output)
      case ">": append("&gt;", to: &output)
      case "\"" where attribute: append("&quot;", to: &output)
      case "\n" where attribute: append("&#10;", to: &output)
      case "\t" where attribute: append("&#9;", to: &output)
      case "\r": append("&#13;", to: &output)
      default:
        if Self.isXMLCharacter(scalar) {
          output.append(contentsOf: String(scalar).utf8)
        } else {
          output.append(contentsOf: [0xEF, 0xBF, 0xBD])
        }
      }
    }
  }
}

extension Substring {
  fileprivate func trimmingCharacters() -> String { String(self).trimmingXMLSpace() }
}
