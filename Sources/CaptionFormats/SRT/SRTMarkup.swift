import CaptionCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SRT cue text markup (`<i>`, `<b>`, `<u>`, `<font color>`, `{\anN}`) read into a `CueText`
/// tree without recursion, with each repair.
struct SRTMarkup {
  /// A repair, at a byte offset in the cue text.
  struct Issue {
    var offset: Int
    var message: String
    var hint: String?
  }

  /// The tags SRT knows.
  private enum Tag: Int {
    case italic, bold, underline, font

    var name: String { ["i", "b", "u", "font"][rawValue] }
  }

  /// An open tag: `element` is false when it builds no element (a `<font>` without a colour,
  /// or a tag nested deeper than `CueText.maximumDepth`).
  private struct Open {
    var tag: Tag
    var element: Bool
    var kind: CueElement.Kind
    var classes: [String]
    /// Where the tag is in the cue text.
    var offset: Int
    /// True for a tag reopened after a crossing closing tag: dropped again when empty.
    var reopened = false
  }

  private struct Frame {
    var kind: CueElement.Kind
    var classes: [String]
    var children: [CueNode] = []
  }

  /// How many crossed tags a closing tag reopens; more are closed and stay closed, which keeps
  /// the work linear.
  static let maximumReopened = 16

  var text = CueText(plain: "")
  var settings = CueSettings.default
  var issues: [Issue] = []

  private var root: [CueNode] = []
  private var frames: [Frame] = []
  private var open: [Open] = []
  private var openCounts = [0, 0, 0, 0]
  private var run: [UInt8] = []
  private var hasAlignment = false
  private var reportedDepth = false
  private let cue: String

  /// Parses `bytes`, the text of the cue named `cue` in messages (`cue 3`).
  init(_ bytes: UnsafeBufferPointer<UInt8>, cue: String) {
    self.cue = cue
    let count = bytes.count
    var index = 0
    while index < count {
      let byte = bytes[index]
      if byte == 0x3C, let end = SRTMarkup.close(bytes, from: index, opener: 0x3C, closer: 0x3E) {
        if SRTLineBreakTag.matches(UnsafeBufferPointer(rebasing: bytes[index + 1..<end])) {
          lineBreak(bytes, tag: index..<end + 1)
        } else if !tag(UnsafeBufferPointer(rebasing: bytes[index + 1..<end]), at: index) {
          run.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index...end]))
        }
        index = end + 1
      } else if byte == 0x7B, index + 1 < count, bytes[index + 1] == 0x5C,
        let end = SRTMarkup.close(bytes, from: index, opener: 0x7B, closer: 0x7D)
      {
        override(UnsafeBufferPointer(rebasing: bytes[index...end]), at: index)
        index = end + 1
      } else if byte == 0x5C, let meaning = SRTEscape.meaning(bytes, at: index) {
        escape(meaning, bytes, at: index)
        index += 2
      } else {
        var next = index + 1
        while next < count, bytes[next] != 0x3C, bytes[next] != 0x7B, bytes[next] != 0x5C {
          next += 1
        }
        run.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<next]))
        index = next
      }
    }
    flush()
    if let first = open.first {
      let names = "<\(first.tag.name)>"
      let message =
        open.count == 1
        ? "\(names) in \(cue) is not closed"
        : "\(names) and \(open.count - 1) more tags in \(cue) are not closed"
      issues.append(
        Issue(offset: first.offset, message: message, hint: "close each tag before the cue ends"))
      while let last = open.popLast() { closeOne(last) }
    }
    text = CueText(nodes: root)
  }

  /// The settings of `bytes` when its markup is only `<i>`, `<b>` and `<u>` tags nested and
  /// closed in order and at most one `{\anN}`: markup that needs no repair, read without
  /// building its tree. Nil for any other markup (read it with `init`).
  static func cleanSettings(_ bytes: UnsafeBufferPointer<UInt8>) -> CueSettings? {
    // Open tags, 2 bits each, innermost in the low bits.
    var open: UInt64 = 0
    var depth = 0
    var alignment = 0
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte == 0x3C {
        let closing = index + 1 < count && bytes[index + 1] == 0x2F
        let name = index + (closing ? 2 : 1)
        guard name + 1 < count, bytes[name + 1] == 0x3E else { return nil }
        let code: UInt64
        switch bytes[name] {
        case 0x69: code = 1  // i
        case 0x62: code = 2  // b
        case 0x75: code = 3  // u
        default: return nil
        }
        if closing {
          guard depth > 0, open & 3 == code else { return nil }
          open >>= 2
          depth -= 1
        } else {
          guard depth < 30 else { return nil }
          open = open << 2 | code
          depth += 1
        }
        index = name + 2
      } else if byte == 0x7B {
        guard alignment == 0, index + 5 < count, bytes[index + 1] == 0x5C,
          bytes[index + 2] == 0x61, bytes[index + 3] == 0x6E, bytes[index + 4] >= 0x31,
          bytes[index + 4] <= 0x39, bytes[index + 5] == 0x7D
        else { return nil }
        alignment = Int(bytes[index + 4] - 0x30)
        index += 6
      } else if byte == 0x5C, SRTEscape.meaning(bytes, at: index) != nil {
        return nil
      } else {
        index += 1
      }
    }
    guard depth == 0 else { return nil }
    return alignment == 0 ? .default : CueSettings(keypadAlignment: alignment)
  }

  /// The index of the `closer` that ends the markup starting at `start`, or nil when a line
  /// break or another `opener` comes first (so each byte is looked at a bounded number of
  /// times).
  private static func close(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, opener: UInt8, closer: UInt8
  ) -> Int? {
    var index = start + 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == closer { return index }
      if byte == opener || byte == 0x0A { return nil }
      index += 1
    }
    return nil
  }

  /// Handles the tag `<content>` at `offset`; false when it is not an SRT tag (kept as text).
  private mutating func tag(_ content: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    var index = 0
    let closing = content.first == 0x2F
    if closing { index = 1 }
    let nameStart = index
    var lowercase = true
    while index < content.count, content[index] | 0x20 >= 0x61, content[index] | 0x20 <= 0x7A {
      if content[index] < 0x61 { lowercase = false }
      index += 1
    }
    let name = String(
      decoding: UnsafeBufferPointer(rebasing: content[nameStart..<index]), as: UTF8.self)
    let written = "<\(String(decoding: content, as: UTF8.self))>"
    let tag: Tag
    switch name.lowercased() {
    case "i": tag = .italic
    case "b": tag = .bold
    case "u": tag = .underline
    case "font": tag = .font
    default:
      if index > nameStart {
        issues.append(
          Issue(
            offset: offset,
            message: "unknown tag '\(SRTText.excerpt(written))' in \(cue) kept as text",
            hint: "SRT knows <i>, <b>, <u> and <font color>"))
      }
      return false
    }
    var rest = index
    while rest < content.count, content[rest] == 0x20 || content[rest] == 0x09 { rest += 1 }
    if closing || tag != .font {
      guard rest == content.count else { return false }
    } else if rest == index && rest < content.count {
      return false
    }
    if !lowercase {
      issues.append(
        Issue(
          offset: offset,
          message:
            "uppercase tag '\(written)' in \(cue) read as <\(closing ? "/" : "")\(tag.name)>",
          hint: "write tags in lowercase"))
    }
    flush()
    if closing {
      closeTag(tag, written: written, at: offset)
    } else if tag == .font {
      let classes = fontClasses(UnsafeBufferPointer(rebasing: content[rest...]), at: offset)
      push(
        Open(tag: .font, element: !classes.isEmpty, kind: .class, classes: classes, offset: offset),
        at: offset)
    } else {
      let kind: CueElement.Kind = tag == .italic ? .italic : tag == .bold ? .bold : .underline
      push(Open(tag: tag, element: true, kind: kind, classes: [], offset: offset), at: offset)
    }
    return true
  }

  /// Reads the `<br>` tag at `tag` as a line break (`SRTLineBreakTag`), reported so that
  /// the file can be written with real line breaks.
  private mutating func lineBreak(_ bytes: UnsafeBufferPointer<UInt8>, tag: Range<Int>) {
    if SRTLineBreakTag.breaksLine(bytes, after: tag.upperBound) { run.append(0x0A) }
    let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[tag]), as: UTF8.self)
    issues.append(
      Issue(
        offset: tag.lowerBound,
        message: "tag '\(SRTText.excerpt(written))' in \(cue) read as a line break",
        hint: "break the line in the file instead; SRT knows <i>, <b>, <u> and <font color>"))
  }

  /// Reads the escape `\N`, `\n` or `\h` at `offset` (`SRTEscape`) as players show it, and
  /// reports it, so that the file can be written with the break or the space itself. A line
  /// break just before a line break or the end of the text adds no empty line, as with `<br>`.
  private mutating func escape(
    _ meaning: SRTEscape.Meaning, _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int
  ) {
    let written = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + 2]), as: UTF8.self)
    switch meaning {
    case .lineBreak:
      if SRTLineBreakTag.breaksLine(bytes, after: offset + 2) { run.append(0x0A) }
    case .noBreakSpace:
      run.append(contentsOf: SRTEscape.noBreakSpace)
    }
    issues.append(
      Issue(
        offset: offset,
        message: "'\(written)' in \(cue) read as "
          + (meaning == .lineBreak ? "a line break" : "a no-break space"),
        hint: meaning == .lineBreak
          ? "break the line in the file instead; \(written) is ASS markup, not SRT"
          : "write the no-break space (U+00A0) itself; \(written) is ASS markup, not SRT"))
  }

  /// Whether `bytes` holds an escape that `SRTEscape` reads (`\N`, `\n`, `\h`).
  static func hasEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    var start = 0
    // Backslashes are rare in cue text: one C call finds each.
    while start < bytes.count, let found = memchr(base + start, 0x5C, bytes.count - start) {
      let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      if SRTEscape.meaning(bytes, at: index) != nil { return true }
      start = index + 1
    }
    return false
  }

  /// The class of a `<font>` tag's `color`; reports attributes that are dropped.
  private mutating func fontClasses(_ attributes: UnsafeBufferPointer<UInt8>, at offset: Int)
    -> [String]
  {
    var classes: [String] = []
    for (name, value) in SRTMarkup.attributes(attributes) {
      if name.lowercased() == "color", classes.isEmpty, let className = SRTColor.className(value) {
        classes = [className]
      } else if name.lowercased() == "color" {
        issues.append(
          Issue(
            offset: offset, message: "font color '\(SRTText.excerpt(value))' in \(cue) ignored",
            hint: "write colours as #rrggbb"))
      } else {
        issues.append(
          Issue(
            offset: offset, message: "font attribute '\(SRTText.excerpt(name))' in \(cue) ignored",
            hint: "only the font colour is kept"))
      }
    }
    return classes
  }

  /// `name="value"`, `name='value'` and `name=value` pairs, in order.
  private static func attributes(_ bytes: UnsafeBufferPointer<UInt8>) -> [(String, String)] {
    var result: [(String, String)] = []
    var index = 0
    let count = bytes.count
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    while index < count {
      while index < count, isSpace(bytes[index]) { index += 1 }
      let nameStart = index
      while index < count, !isSpace(bytes[index]), bytes[index] != 0x3D { index += 1 }
      guard index > nameStart else {
        index += 1
        continue
      }
      let name = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<index]), as: UTF8.self)
      while index < count, isSpace(bytes[index]) { index += 1 }
      var value = ""
      if index < count, bytes[index] == 0x3D {
        index += 1
        while index < count, isSpace(bytes[index]) { index += 1 }
        var valueStart = index
        var valueEnd = index
        if index < count, bytes[index] == 0x22 || bytes[index] == 0x27 {
          let quote = bytes[index]
          valueStart = index + 1
          index += 1
          while index < count, bytes[index] != quote { index += 1 }
          valueEnd = index
          if index < count { index += 1 }
        } else {
          while index < count, !isSpace(bytes[index]) { index += 1 }
          valueEnd = index
        }
        value = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd]), as: UTF8.self)
      }
      result.append((name, value))
    }
    return result
  }

  /// Handles `{\…}`: a first `{\anN}` sets the alignment; anything else is removed.
  private mutating func override(_ block: UnsafeBufferPointer<UInt8>, at offset: Int) {
    let count = block.count
    let isAlignment =
      count == 6 && block[1] == 0x5C && block[2] == 0x61 && block[3] == 0x6E
      && block[4] >= 0x31 && block[4] <= 0x39
    let written = String(decoding: block, as: UTF8.self)
    if isAlignment && !hasAlignment {
      hasAlignment = true
      settings = CueSettings(keypadAlignment: Int(block[4] - 0x30))
    } else if isAlignment {
      issues.append(
        Issue(
          offset: offset,
          message: "second alignment '\(written)' in \(cue) removed, the first one is used",
          hint: "give each cue one {\\anN} tag"))
    } else {
      issues.append(
        Issue(
          offset: offset,
          message: "override '\(SRTText.excerpt(written))' in \(cue) removed",
          hint: "SRT keeps only {\\an1} to {\\an9} from ASS override tags"))
    }
  }

  private mutating func push(_ tag: Open, at offset: Int) {
    var tag = tag
    if tag.element && frames.count >= CueText.maximumDepth {
      tag.element = false
      if !reportedDepth {
        reportedDepth = true
        issues.append(
          Issue(
            offset: offset,
            message: "tags in \(cue) nested deeper than \(CueText.maximumDepth) levels flattened",
            hint: "nest fewer tags"))
      }
    }
    if tag.element { frames.append(Frame(kind: tag.kind, classes: tag.classes)) }
    open.append(tag)
    openCounts[tag.tag.rawValue] += 1
  }

  private mutating func closeTag(_ tag: Tag, written: String, at offset: Int) {
    guard openCounts[tag.rawValue] > 0 else {
      issues.append(
        Issue(
          offset: offset, message: "'\(written)' in \(cue) has no opening tag, removed",
          hint: "remove the closing tag or add its opening tag"))
      return
    }
    var crossed: [Open] = []
    while let last = open.popLast() {
      closeOne(last)
      if last.tag == tag { break }
      crossed.append(last)
    }
    guard let inner = crossed.first else { return }
    issues.append(
      Issue(
        offset: offset,
        message:
          "'\(written)' in \(cue) closes inside <\(inner.tag.name)>, which is reopened after it",
        hint: "close tags in the reverse order they were opened"))
    for reopened in crossed.prefix(SRTMarkup.maximumReopened).reversed() {
      var reopened = reopened
      reopened.element = reopened.kind != .class || !reopened.classes.isEmpty
      reopened.reopened = true
      push(reopened, at: offset)
    }
  }

  private mutating func closeOne(_ tag: Open) {
    openCounts[tag.tag.rawValue] -= 1
    guard tag.element, let frame = frames.popLast() else { return }
    if tag.reopened && frame.children.isEmpty { return }
    let element = CueNode.element(
      CueElement(kind: frame.kind, classes: frame.classes, children: frame.children))
    if frames.isEmpty {
      root.append(element)
    } else {
      frames[frames.count - 1].children.append(element)
    }
  }

  private mutating func flush() {
    guard !run.isEmpty else { return }
    let node = CueNode.text(String(decoding: run, as: UTF8.self))
    run.removeAll(keepingCapacity: true)
    if frames.isEmpty {
      root.append(node)
    } else {
      frames[frames.count - 1].children.append(node)
    }
  }
}
