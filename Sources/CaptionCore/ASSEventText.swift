/// The text of an ASS dialogue event, as FFmpeg's text subtitle decoders (`mov_text`,
/// `subrip`, `webvtt`, `ass`) give it, turned into cue text.
///
/// The event is `ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text`; only `Text`
/// is kept. In it, override blocks `{...}` are removed, keeping what cue text can carry:
/// italic (`\i1`/`\i0`), bold (`\b1`/`\b0`, or a weight of 600 or more), underline
/// (`\u1`/`\u0`), `\r` (back to plain), and the first alignment (`\an1`-`\an9`, or the old
/// `\a` numbers) as cue settings, as the SRT reader reads `{\an8}`. `\N` and `\n` are line
/// breaks, `\h` a no-break space; text drawn in drawing mode (`\p1`...`\p0`) is dropped, as
/// are comments (`{like this}`). Spaces around line breaks and at both ends are removed, as a
/// browser shows WebVTT text.
///
/// `rawText` is the WebVTT form of the text (`<i>`, `<b>`, `<u>`, `<v Name>`; `&amp;`,
/// `&lt;`, `&gt;`). The same code reads the events of an embedded stream and of an `.ass` or
/// `.ssa` file, so both give the same cues.
public struct ASSEventText: Sendable, Hashable {
  public var text: CueText
  /// The text as WebVTT cue text.
  public var rawText: String
  /// The settings the alignment tag asks for; the default when there is none.
  public var settings: CueSettings
  /// The alignment tag's number (`\an1`-`\an9`, the old `\a` numbers made `\an` ones); nil
  /// when the text has none.
  public var alignment: Int?
  /// True when some of the text was drawn in drawing mode (`\p1`) and so was left out.
  public var hasDrawing: Bool

  /// Reads an event line; nil when it has fewer than nine fields.
  public init?(event: String) {
    var line = event
    guard
      let text = line.withUTF8({ bytes -> ASSEventText? in
        var commas = 0
        var index = 0
        while index < bytes.count, commas < 8 {
          if bytes[index] == UInt8(ascii: ",") { commas += 1 }
          index += 1
        }
        guard commas == 8 else { return nil }
        return ASSEventText(
          bytes: UnsafeBufferPointer(rebasing: bytes[index...]), style: ASSTextStyle(), styles: [:])
      })
    else { return nil }
    self = text
  }

  /// Reads the `Text` field of an event alone.
  public init(text: String) {
    var text = text
    self = text.withUTF8 { ASSEventText(bytes: $0, style: ASSTextStyle(), styles: [:]) }
  }

  /// Reads the `Text` field of an event of a script: `style` is the event's style (what `\r`
  /// goes back to), `styles` the script's styles by name (for `\rName`), and `voice` the
  /// speaker (the `Name` field), which wraps the text in `<v voice>` when it is not empty.
  public init(
    text: String, style: ASSTextStyle, styles: [String: ASSTextStyle], voice: String?
  ) {
    var text = text
    var event = text.withUTF8 { ASSEventText(bytes: $0, style: style, styles: styles) }
    if let voice, !voice.isEmpty, !event.rawText.isEmpty {
      event.text = CueText(nodes: [
        .element(CueElement(kind: .voice, annotation: voice, children: event.text.nodes))
      ])
      var escaped = ""
      for character in voice {
        switch character {
        case "&": escaped += "&amp;"
        case "<": escaped += "&lt;"
        case ">": escaped += "&gt;"
        case "\n", "\r": escaped += " "
        default: escaped.append(character)
        }
      }
      event.rawText = "<v " + escaped + ">" + event.rawText + "</v>"
    }
    self = event
  }

  /// Text without ASS markup (FFmpeg's plain text rectangles): line breaks kept, `&`, `<`
  /// and `>` escaped in the raw text.
  public init(plainText: String) {
    var builder = Builder()
    for byte in plainText.utf8 {
      if byte == 0x0A {
        builder.lineBreak()
      } else if byte != 0x0D {
        builder.append(byte)
      }
    }
    let built = builder.finish()
    self.text = built.text
    self.rawText = built.raw
    self.settings = .default
    self.alignment = nil
    self.hasDrawing = false
  }

  private init(
    bytes: UnsafeBufferPointer<UInt8>, style: ASSTextStyle, styles: [String: ASSTextStyle]
  ) {
    var builder = Builder()
    builder.style = style
    var parser = Parser(bytes: bytes, base: style, styles: styles)
    parser.run(into: &builder)
    let built = builder.finish()
    self.text = built.text
    self.rawText = built.raw
    self.alignment = parser.alignment
    self.settings = parser.alignment.map(CueSettings.init(keypadAlignment:)) ?? .default
    self.hasDrawing = parser.hasDrawing
  }
}

/// The styles of a run of ASS text that cue text can carry: an ASS style's defaults, changed
/// by override tags.
public struct ASSTextStyle: Sendable, Hashable {
  public var italic: Bool
  public var bold: Bool
  public var underline: Bool
  /// The colour class of the primary (text) colour (`yellow`, `color-ff8800`); nil for white,
  /// the colour captions are shown in when none is given.
  public var color: String?

  public init(
    italic: Bool = false, bold: Bool = false, underline: Bool = false, color: String? = nil
  ) {
    self.italic = italic
    self.bold = bold
    self.underline = underline
    self.color = color
  }

  /// The colour class of an ASS colour: `&HBBGGRR&` in override tags, `&HAABBGGRR` in styles
  /// (the alpha is left aside), or a decimal number in SubStation Alpha v4 styles; nil for
  /// white, and `.none` when the value is no colour.
  public static func colorClass(_ value: Substring) -> String?? {
    var text = value.drop { $0 == " " || $0 == "&" }
    while let last = text.last, last == " " || last == "&" { text = text.dropLast() }
    let number: UInt64?
    if let first = text.first, first == "H" || first == "h" {
      let digits = text.dropFirst()
      number = digits.isEmpty || digits.count > 8 ? nil : UInt64(digits, radix: 16)
    } else {
      number = text.isEmpty || text.count > 10 ? nil : UInt64(text)
    }
    guard let number else { return .none }
    let blue = number >> 16 & 0xFF
    let green = number >> 8 & 0xFF
    let red = number & 0xFF
    let hex = [red, green, blue].map { component -> String in
      let digits = String(component, radix: 16)
      return digits.count == 1 ? "0" + digits : digits
    }.joined()
    return .some(hex == "ffffff" ? nil : ColourClass.name(hex: hex))
  }

  /// The elements, outermost first: the colour, then italic, bold, underline.
  var tags: [ASSTag] {
    var tags: [ASSTag] = []
    if let color { tags.append(ASSTag(kind: .class, className: color)) }
    if italic { tags.append(ASSTag(kind: .italic)) }
    if bold { tags.append(ASSTag(kind: .bold)) }
    if underline { tags.append(ASSTag(kind: .underline)) }
    return tags
  }
}

/// An element a run of ASS text sits in: a kind, and for a colour its class.
struct ASSTag: Equatable {
  var kind: CueElement.Kind
  var className: String?
}

/// Walks the bytes of the `Text` field once, handing text and style changes to a `Builder`.
private struct Parser {
  let bytes: UnsafeBufferPointer<UInt8>
  /// The event's style, and the script's styles by name.
  let base: ASSTextStyle
  let styles: [String: ASSTextStyle]
  var style: ASSTextStyle
  var drawing = false
  /// True once text was skipped in drawing mode.
  var hasDrawing = false
  /// The first alignment tag, as an `\an` number.
  var alignment: Int?

  init(bytes: UnsafeBufferPointer<UInt8>, base: ASSTextStyle, styles: [String: ASSTextStyle]) {
    self.bytes = bytes
    self.base = base
    self.styles = styles
    self.style = base
  }

  mutating func run(into builder: inout Builder) {
    var index = 0
    let count = bytes.count
    // Once a `{` has no `}` after it, no later one has: each byte is looked at once.
    var unclosed = false
    while index < count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "{"), !unclosed {
        // A block without its closing brace is text.
        var close = index + 1
        while close < count, bytes[close] != UInt8(ascii: "}") { close += 1 }
        unclosed = close == count
        if close < count {
          overrideBlock(index + 1..<close)
          builder.style = style
          index = close + 1
          continue
        }
      }
      if drawing {
        hasDrawing = true
        index += 1
        continue
      }
      if byte == UInt8(ascii: "\\"), index + 1 < count {
        switch bytes[index + 1] {
        case UInt8(ascii: "N"), UInt8(ascii: "n"):
          builder.lineBreak()
          index += 2
          continue
        case UInt8(ascii: "h"):
          builder.append(0xC2)
          builder.append(0xA0)
          index += 2
          continue
        default:
          break
        }
      }
      if byte == 0x0D {
        if index + 1 < count, bytes[index + 1] == 0x0A { index += 1 }
        builder.lineBreak()
      } else if byte == 0x0A {
        builder.lineBreak()
      } else {
        builder.append(byte)
      }
      index += 1
    }
  }

  /// Applies the tags of one `{...}` block (its inside, without braces).
  private mutating func overrideBlock(_ range: Range<Int>) {
    var index = range.lowerBound
    let end = range.upperBound
    while index < end {
      guard bytes[index] == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      index += 1
      // The name: an optional digit (`\1c`), then letters.
      let nameStart = index
      if index < end, isDigit(bytes[index]) { index += 1 }
      while index < end, isLetter(bytes[index]) { index += 1 }
      let name = nameStart..<index
      if index < end, bytes[index] == UInt8(ascii: "(") {
        // `\pos(...)`, `\t(...\i1...)`, `\clip(...)`: nothing cue text can carry; skip to the
        // matching parenthesis (or the end of the block).
        var depth = 0
        while index < end {
          if bytes[index] == UInt8(ascii: "(") {
            depth += 1
          } else if bytes[index] == UInt8(ascii: ")") {
            depth -= 1
            if depth == 0 {
              index += 1
              break
            }
          }
          index += 1
        }
        continue
      }
      let valueStart = index
      while index < end, bytes[index] != UInt8(ascii: "\\") { index += 1 }
      apply(name: name, value: valueStart..<index)
    }
  }

  private mutating func apply(name: Range<Int>, value: Range<Int>) {
    guard let first = name.first.map({ bytes[$0] }) else { return }
    if first == UInt8(ascii: "r") {
      // `\r` or `\rStyleName`: back to the event's style, or to the named one. The name runs
      // to the next tag, letters or not.
      let named = String(decoding: bytes[name.lowerBound + 1..<value.upperBound], as: UTF8.self)
      style = named.isEmpty ? base : styles[named] ?? base
      return
    }
    let second = name.count > 1 ? bytes[name.lowerBound + 1] : 0
    if (name.count == 1 && first == UInt8(ascii: "c"))
      || (name.count == 2 && first == UInt8(ascii: "1") && second == UInt8(ascii: "c"))
    {
      // `\c&HBBGGRR&` (or `\1c`): the text colour; empty, the style's. A value that is no
      // colour changes nothing, as in renderers.
      let text = String(decoding: bytes[value], as: UTF8.self)
      if text.allSatisfy({ $0 == " " }) {
        style.color = base.color
      } else if let color = ASSTextStyle.colorClass(text[...]) {
        style.color = color
      }
      return
    }
    let number = integer(value)
    switch name.count {
    case 1:
      switch first {
      case UInt8(ascii: "i"): style.italic = number.map { $0 == 1 } ?? base.italic
      case UInt8(ascii: "u"): style.underline = number.map { $0 == 1 } ?? base.underline
      case UInt8(ascii: "b"):
        // 0 or 1, or a font weight; anything else is the style's default.
        if let number { style.bold = number == 1 || number >= 600 } else { style.bold = base.bold }
      case UInt8(ascii: "p"): drawing = (number ?? 0) > 0
      case UInt8(ascii: "a"):
        // The old SubStation numbers: 1-3 bottom, 5-7 top, 9-11 middle.
        if alignment == nil, let number {
          switch number {
          case 1...3: alignment = number
          case 5...7: alignment = number + 2
          case 9...11: alignment = number - 5
          default: break
          }
        }
      default: break
      }
    case 2 where first == UInt8(ascii: "a") && bytes[name.lowerBound + 1] == UInt8(ascii: "n"):
      if alignment == nil, let number, (1...9).contains(number) { alignment = number }
    default:
      break
    }
  }

  /// The value as a decimal integer (spaces around it allowed); nil when it is not one.
  private func integer(_ range: Range<Int>) -> Int? {
    var index = range.lowerBound
    var end = range.upperBound
    while index < end, bytes[index] == 0x20 { index += 1 }
    while end > index, bytes[end - 1] == 0x20 { end -= 1 }
    guard index < end, end - index <= 9 else { return nil }
    var value = 0
    while index < end {
      guard isDigit(bytes[index]) else { return nil }
      value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
      index += 1
    }
    return value
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  private func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }
}

/// Collects runs of styled text, then builds the cue text tree and its WebVTT form.
private struct Builder {
  /// The style of the text appended next.
  var style = ASSTextStyle()
  private var runs: [(style: ASSTextStyle, bytes: [UInt8])] = []
  private var current: [UInt8] = []
  private var currentStyle = ASSTextStyle()

  /// Line breaks waiting for the next text, which decides the elements they sit in.
  private var pendingBreaks = 0

  mutating func append(_ byte: UInt8) {
    if pendingBreaks > 0 {
      // A break sits inside the elements open on both sides of it.
      let common = ASSTextStyle(
        italic: currentStyle.italic && style.italic, bold: currentStyle.bold && style.bold,
        underline: currentStyle.underline && style.underline,
        color: currentStyle.color == style.color ? style.color : nil)
      if common != currentStyle {
        flush()
        currentStyle = common
      }
      current.append(contentsOf: repeatElement(0x0A, count: pendingBreaks))
      pendingBreaks = 0
    }
    if style != currentStyle {
      flush()
      currentStyle = style
    }
    current.append(byte)
  }

  /// A line break, with the spaces before it removed (those after it are removed when the
  /// text is built). Breaks at the end are dropped.
  mutating func lineBreak() {
    while let last = current.last, last == 0x20 || last == 0x09 { current.removeLast() }
    if current.isEmpty {
      while let index = runs.indices.last, let last = runs[index].bytes.last,
        last == 0x20 || last == 0x09
      {
        runs[index].bytes.removeLast()
      }
    }
    pendingBreaks += 1
  }

  private mutating func flush() {
    if !current.isEmpty { runs.append((currentStyle, current)) }
    current = []
  }

  mutating func finish() -> (text: CueText, raw: String) {
    flush()
    trim()
    var raw: [UInt8] = []
    // The open elements, outermost first, each with the children gathered so far.
    var stack: [(tag: ASSTag?, children: [CueNode])] = [(nil, [])]
    var open: [ASSTag] = []
    for run in runs where !run.bytes.isEmpty {
      let wanted = run.style.tags
      var keep = 0
      while keep < open.count, keep < wanted.count, open[keep] == wanted[keep] { keep += 1 }
      while open.count > keep {
        close(&stack, &open, raw: &raw)
      }
      for tag in wanted[keep...] {
        open.append(tag)
        stack.append((tag, []))
        raw.append(UInt8(ascii: "<"))
        raw.append(contentsOf: tag.kind.rawValue.utf8)
        if let className = tag.className {
          raw.append(UInt8(ascii: "."))
          raw.append(contentsOf: className.utf8)
        }
        raw.append(UInt8(ascii: ">"))
      }
      let string = String(decoding: run.bytes, as: UTF8.self)
      appendText(string, to: &stack[stack.count - 1].children)
      for byte in run.bytes {
        switch byte {
        case UInt8(ascii: "&"): raw.append(contentsOf: "&amp;".utf8)
        case UInt8(ascii: "<"): raw.append(contentsOf: "&lt;".utf8)
        case UInt8(ascii: ">"): raw.append(contentsOf: "&gt;".utf8)
        default: raw.append(byte)
        }
      }
    }
    while !open.isEmpty { close(&stack, &open, raw: &raw) }
    // Text without markup is kept as one string, shared with the raw text when they are equal.
    return (CueText(nodes: stack[0].children), String(decoding: raw, as: UTF8.self))
  }

  private func close(
    _ stack: inout [(tag: ASSTag?, children: [CueNode])],
    _ open: inout [ASSTag], raw: inout [UInt8]
  ) {
    guard let top = stack.popLast(), let tag = top.tag else { return }
    open.removeLast()
    raw.append(contentsOf: "</".utf8)
    raw.append(contentsOf: tag.kind.rawValue.utf8)
    raw.append(UInt8(ascii: ">"))
    let element = CueElement(
      kind: tag.kind, classes: tag.className.map { [$0] } ?? [], children: top.children)
    stack[stack.count - 1].children.append(.element(element))
  }

  /// Appends text, joining it to a text node just before it.
  private func appendText(_ string: String, to children: inout [CueNode]) {
    if case .text(let previous)? = children.last {
      children[children.count - 1] = .text(previous + string)
    } else {
      children.append(.text(string))
    }
  }

  /// Removes spaces after line breaks, and spaces and line breaks at both ends.
  private mutating func trim() {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A }
    for index in runs.indices {
      var bytes = runs[index].bytes
      var cleaned: [UInt8] = []
      cleaned.reserveCapacity(bytes.count)
      var afterBreak = index == 0 || runs[index - 1].bytes.last == 0x0A
      for byte in bytes {
        if afterBreak, byte == 0x20 || byte == 0x09 { continue }
        afterBreak = byte == 0x0A
        cleaned.append(byte)
      }
      bytes = cleaned
      runs[index].bytes = bytes
    }
    runs.removeFirst(runs.prefix { $0.bytes.allSatisfy(isSpace) }.count)
    while let last = runs.last, last.bytes.allSatisfy(isSpace) { runs.removeLast() }
    if !runs.isEmpty {
      runs[0].bytes.removeFirst(runs[0].bytes.prefix(while: isSpace).count)
    }
    if let index = runs.indices.last {
      while let byte = runs[index].bytes.last, isSpace(byte) { runs[index].bytes.removeLast() }
    }
  }
}
