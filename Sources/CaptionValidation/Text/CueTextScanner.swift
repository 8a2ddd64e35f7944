public import CaptionCore

/// Works out a `CueTextView` for each cue of a track, reusing its buffers: WebVTT and SRT
/// text kept as written is scanned as bytes without building its tree; other text is walked
/// as a tree. Letters are also counted per script over the whole track.
public struct CueTextScanner: Sendable {
  public let counting: LocaleLimits.CountingMode
  /// The view of the last cue scanned.
  public internal(set) var view = CueTextView()
  /// Letters per script over every cue scanned.
  public private(set) var scripts = ScriptCounts()

  private var line = CueTextView.Line()
  private var scriptTally = [Int](repeating: 0, count: Script.allCases.count)
  private var rubyTextDepth = 0
  /// True when `scriptTally` holds counts to add to `scripts`.
  private var hasOtherLetters = false
  /// ASCII letters of the cue scanned, added to `scripts` at its end.
  private var asciiLetters = 0
  private let spaceHalves: Int
  private let asciiHalves: Int

  public init(counting: LocaleLimits.CountingMode) {
    self.counting = counting
    asciiHalves = counting == .cjk ? 1 : 2
    spaceHalves = asciiHalves
  }

  /// Scans one cue's text; the result is `view`. Text kept as written, in WebVTT or SRT or
  /// plain, is scanned from its bytes without making a string.
  public mutating func scan(_ cue: Cue) {
    let scanned: Bool? = cue.withRawTextBytes { bytes, syntax in
      guard let kind = Self.syntax(of: syntax) else { return false }
      begin()
      scanWritten(bytes, syntax: kind)
      end()
      return true
    }
    if scanned != true { scan(cue.text) }
  }

  /// How the texts with markup of one source are scanned as written, worked out once for all
  /// its cues (`markup(of:)`).
  package struct SourceMarkup: Sendable {
    fileprivate let syntax: Syntax?
  }

  /// How the texts with markup of `source` are scanned.
  package static func markup(of source: CueSource) -> SourceMarkup {
    SourceMarkup(syntax: syntax(of: source.syntax))
  }

  /// Scans a cue text that is `slice` of `bytes`, the bytes of its source (as
  /// `UnsafeBufferPointer<Cue>.slice(at:of:)` gives it), whose texts with markup are scanned
  /// as `markup` says; the result is `view`. False, scanning nothing, when that markup is not
  /// scanned as written.
  package mutating func scan(
    _ slice: (range: Range<Int>, markup: Bool), in bytes: UnsafeBufferPointer<UInt8>,
    markup: SourceMarkup
  ) -> Bool {
    guard let kind = slice.markup ? markup.syntax : .plain else { return false }
    begin()
    scanWritten(UnsafeBufferPointer(rebasing: bytes[slice.range]), syntax: kind)
    end()
    return true
  }

  /// Scans a cue text; the result is `view`.
  public mutating func scan(_ text: CueText) {
    begin()
    if let markup = text.markup {
      if let kind = Self.syntax(of: markup.syntax) {
        var written = markup.text
        written.withUTF8 { scanWritten($0, syntax: kind) }
      } else {
        walk(text.nodes)
      }
    } else if var plain = text.plainString {
      plain.withUTF8 { scanWritten($0, syntax: .plain) }
    } else {
      walk(text.nodes)
    }
    end()
  }

  /// How text in `syntax` (nil: plain) is scanned as written; nil when it is walked as a tree.
  private static func syntax(of syntax: (any CueTextMarkup)?) -> Syntax? {
    guard let syntax else { return .plain }
    switch syntax.writtenSyntax {
    case .webVTT: return .webvtt
    case .srt: return .srt
    case .other: return nil
    }
  }

  private mutating func begin() {
    view.reset()
    line = CueTextView.Line()
    rubyTextDepth = 0
  }

  private mutating func end() {
    view.lines[view.lines.count - 1] = line
    if asciiLetters > 0 {
      scripts[.latin] += asciiLetters
      asciiLetters = 0
    }
    guard hasOtherLetters else { return }
    hasOtherLetters = false
    for script in Script.allCases where scriptTally[script.rawValue] != 0 {
      scripts[script] += scriptTally[script.rawValue]
      scriptTally[script.rawValue] = 0
    }
  }

  fileprivate enum Syntax {
    case plain, webvtt, srt
  }

  // MARK: Text as written

  private mutating func scanWritten(_ bytes: UnsafeBufferPointer<UInt8>, syntax: Syntax) {
    do {
      let count = bytes.count
      var index = 0
      while index < count {
        let byte = bytes[index]
        if syntax != .plain, byte == 0x3C {
          if let next = tag(bytes, at: index, syntax: syntax) {
            index = next
            continue
          }
        } else if syntax == .webvtt, byte == 0x26 {
          if let next = characterReference(bytes, at: index) {
            index = next
            continue
          }
        } else if syntax == .srt, byte == 0x5C, let meaning = SRTEscape.meaning(bytes, at: index) {
          // `\N`, `\n`, `\h`: a line break and a no-break space, as the SRT reader reads them.
          switch meaning {
          case .lineBreak:
            if SRTLineBreakTag.breaksLine(bytes, after: index + 2) { newLine() }
          case .noBreakSpace:
            scalar("\u{A0}")
          }
          index += 2
          continue
        } else if syntax == .srt, byte == 0x7B, index + 1 < count, bytes[index + 1] == 0x5C {
          var end = index + 2
          while end < count, bytes[end] != 0x7D, bytes[end] != 0x7B, bytes[end] != 0x0A {
            end += 1
          }
          if end < count, bytes[end] == 0x7D {
            index = end + 1
            continue
          }
        }
        if byte >= 0x20, byte < 0x7F {
          // A run of printable ASCII up to the next markup, line break or non-ASCII byte;
          // the byte before a non-ASCII one is left to the grapheme count (a combining mark
          // may follow it).
          var end = Self.printableEnd(bytes, from: index + 1)
          if end < count, bytes[end] >= 0x80 { end -= 1 }
          if end > index {
            printable(UnsafeBufferPointer(rebasing: bytes[index..<end]))
            index = end
            continue
          }
        }
        if byte < 0x80, index + 1 >= count || bytes[index + 1] < 0x80 {
          ascii(byte)
          index += 1
          continue
        }
        // A run with non-ASCII characters, up to the next markup: counted by grapheme.
        var end = index + 1
        while end < count {
          let next = bytes[end]
          if next == 0x3C && syntax != .plain { break }
          if next == 0x26 && syntax == .webvtt { break }
          if (next == 0x7B || next == 0x5C) && syntax == .srt { break }
          end += 1
        }
        // Most runs are one grapheme cluster per scalar (Hangul, kana, Han, Arabic letters):
        // counted from the bytes. A run with a scalar that may join the one before it
        // (combining marks, joiners, variation selectors, flags) is counted by Swift's
        // grapheme breaking.
        let run = UnsafeBufferPointer(rebasing: bytes[index..<end])
        if Self.mayJoin(run) {
          for character in String(decoding: run, as: UTF8.self) {
            self.character(character)
          }
        } else {
          var position = 0
          while let (value, length) = Self.decode(run, at: position) {
            if value < 0x80 {
              ascii(UInt8(value))
            } else if let scalar = Unicode.Scalar(value) {
              self.scalar(scalar)
            }
            position += length
          }
        }
        index = end
      }
    }
  }

  /// Handles the tag starting at `start` (a `<`); returns the index after it, or nil when the
  /// `<` is text.
  private mutating func tag(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, syntax: Syntax)
    -> Int?
  {
    let count = bytes.count
    var end = start + 1
    if syntax == .webvtt {
      // A WebVTT tag runs to the next `>` or the end of the text.
      while end < count, bytes[end] != 0x3E { end += 1 }
    } else {
      while end < count, bytes[end] != 0x3E, bytes[end] != 0x3C, bytes[end] != 0x0A { end += 1 }
      guard end < count, bytes[end] == 0x3E else { return nil }
    }
    var nameStart = start + 1
    let closing = nameStart < end && bytes[nameStart] == 0x2F
    if closing { nameStart += 1 }
    var nameEnd = nameStart
    while nameEnd < end {
      let b = bytes[nameEnd]
      if b == 0x2E || b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D { break }
      nameEnd += 1
    }
    let length = nameEnd - nameStart
    var kind = -1  // 0 i, 1 b, 2 u, 3 rt, 4 ruby, 5 font
    if length == 1 {
      switch bytes[nameStart] | (syntax == .srt ? 0x20 : 0) {
      case 0x69: kind = 0
      case 0x62: kind = 1
      case 0x75: kind = 2
      default: break
      }
    } else if syntax == .webvtt, length == 2, bytes[nameStart] == 0x72, bytes[nameStart + 1] == 0x74
    {
      kind = 3
    } else if syntax == .webvtt, length == 4, bytes[nameStart] == 0x72,
      bytes[nameStart + 1] == 0x75, bytes[nameStart + 2] == 0x62, bytes[nameStart + 3] == 0x79
    {
      kind = 4
    } else if syntax == .srt, length == 4,
      (0..<4).allSatisfy({ bytes[nameStart + $0] | 0x20 == Array("font".utf8)[$0] })
    {
      kind = 5
    }
    if syntax == .srt,
      SRTLineBreakTag.matches(UnsafeBufferPointer(rebasing: bytes[start + 1..<end]))
    {
      // `<br>`, `<br/>`, `<br />`: a line break, as the SRT reader reads it.
      if SRTLineBreakTag.breaksLine(bytes, after: end + 1) { newLine() }
      return min(end + 1, count)
    }
    if syntax == .srt {
      // SRT keeps unknown tags as text; its closing tags take no attributes.
      if kind < 0 || (closing && nameEnd != end) || (kind < 3 && nameEnd != end) { return nil }
    }
    switch kind {
    case 0:
      if closing { view.closedTags.italic += 1 } else { view.openedTags.italic += 1 }
      if !closing { view.hasItalics = true }
    case 1: if closing { view.closedTags.bold += 1 } else { view.openedTags.bold += 1 }
    case 2: if closing { view.closedTags.underline += 1 } else { view.openedTags.underline += 1 }
    case 3: rubyTextDepth = closing ? max(0, rubyTextDepth - 1) : rubyTextDepth + 1
    case 4: if closing { rubyTextDepth = 0 }
    default: break
    }
    return min(end + 1, count)
  }

  /// Handles a WebVTT character reference at `start` (an `&`); returns the index after it,
  /// or nil when the `&` starts none.
  private mutating func characterReference(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int)
    -> Int?
  {
    let count = bytes.count
    var end = start + 1
    while end < count, end - start <= 33 {
      let b = bytes[end]
      let isNameByte =
        (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x23
      if !isNameByte { break }
      end += 1
    }
    guard end < count, bytes[end] == 0x3B, end > start + 1 else { return nil }
    let name = UnsafeBufferPointer(rebasing: bytes[start + 1..<end])
    var scalar: Unicode.Scalar?
    if name[0] == 0x23 {
      var value: UInt32 = 0
      let hex = name.count > 1 && (name[1] | 0x20) == 0x78
      for b in name.dropFirst(hex ? 2 : 1) {
        let digit: UInt32
        switch b {
        case 0x30...0x39: digit = UInt32(b - 0x30)
        case 0x41...0x46 where hex: digit = UInt32(b - 0x41 + 10)
        case 0x61...0x66 where hex: digit = UInt32(b - 0x61 + 10)
        default: return nil
        }
        value = min(value * (hex ? 16 : 10) + digit, 0x110000)
      }
      scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
    } else {
      switch String(decoding: name, as: UTF8.self) {
      case "amp": scalar = "&"
      case "lt": scalar = "<"
      case "gt": scalar = ">"
      case "quot": scalar = "\""
      case "apos": scalar = "'"
      case "nbsp": scalar = "\u{A0}"
      case "lrm": scalar = "\u{200E}"
      case "rlm": scalar = "\u{200F}"
      default: scalar = "\u{E9}"  // a named character: counted as one Latin-1 letter
      }
    }
    if let scalar { self.character(Character(scalar)) }
    return end + 1
  }

  // MARK: Characters

  /// Counts a run of printable ASCII (U+0020–U+007E) at once.
  private mutating func printable(_ run: UnsafeBufferPointer<UInt8>) {
    guard rubyTextDepth == 0, !run.isEmpty else { return }
    let halves = run.count * asciiHalves
    line.halves += halves
    view.halves += halves
    let letters = Self.countLetters(run)
    asciiLetters += letters
    var firstVisible = 0
    while firstVisible < run.count, run[firstVisible] == 0x20 { firstVisible += 1 }
    guard firstVisible < run.count else { return }
    var lastVisible = run.count - 1
    while run[lastVisible] == 0x20 { lastVisible -= 1 }
    view.hasVisibleText = true
    if line.first == .none { line.first = Self.asciiClass(run[firstVisible]) }
    line.last = Self.asciiClass(run[lastVisible])
    if line.firstLetter == .none, letters > 0 { line.firstLetter = .leftToRightLetter }
  }

  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080

  /// For each byte of `word` that ends a printable run (a control character, DEL, a
  /// non-ASCII byte, `<`, `&`, `{` or `\`), its high bit; only the lowest one set is sure to be
  /// right (`ByteWords.firstMarked`).
  @inline(__always)
  private static func specialBytes(_ word: UInt64) -> UInt64 {
    // High bit: non-ASCII; below 0x20: subtracting 0x20 borrows into the high bit.
    let nonASCII = word & highs
    let control = (word &- ones &* 0x20) & ~word & highs
    return nonASCII | control | ByteWords.equal(word, 0x7F) | ByteWords.equal(word, 0x3C)
      | ByteWords.equal(word, 0x26) | ByteWords.equal(word, 0x7B) | ByteWords.equal(word, 0x5C)
  }

  /// The index of the first byte from `start` that ends a printable run: a control
  /// character, DEL, a non-ASCII byte, `<`, `&`, `{` or `\`; looked at eight bytes at a time.
  private static func printableEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    ByteWords.firstMarked(in: bytes, from: start, marks: specialBytes)
  }

  /// ASCII letters in eight bytes below 0x80 (a zero byte is no letter).
  @inline(__always)
  private static func letters(in word: UInt64) -> Int {
    // Every byte is below 0x80, so these sums do not carry into the next byte.
    let folded = word | (ones &* 0x20)
    let atLeastA = folded &+ ones &* (0x80 - 0x61)
    let pastZ = folded &+ ones &* (0x80 - 0x7B)
    // One bit a letter, at the bottom of its byte, summed into the top byte by a multiply
    // (a count of set bits is a slow loop where the processor is not known to count them).
    return Int((((atLeastA & ~pastZ & highs) >> 7) &* ones) >> 56)
  }

  /// ASCII letters in a run of printable ASCII, counted eight bytes at a time.
  private static func countLetters(_ run: UnsafeBufferPointer<UInt8>) -> Int {
    var letters = 0
    var index = 0
    if let base = run.baseAddress, run.count >= 8 {
      let raw = UnsafeRawPointer(base)
      while index + 8 <= run.count {
        letters += Self.letters(in: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        index += 8
      }
      if index < run.count {
        // The last bytes, in the run's last eight, with the bytes counted already shifted out.
        let overlap = 8 - (run.count - index)
        let word = raw.loadUnaligned(fromByteOffset: run.count - 8, as: UInt64.self)
        letters += Self.letters(in: word >> (overlap * 8))
      }
      return letters
    }
    while index < run.count {
      let folded = run[index] | 0x20
      if folded >= 0x61, folded <= 0x7A { letters += 1 }
      index += 1
    }
    return letters
  }

  @inline(__always)
  private static func asciiClass(_ byte: UInt8) -> CueTextView.CharacterClass {
    if (byte | 0x20) >= 0x61, (byte | 0x20) <= 0x7A { return .leftToRightLetter }
    if byte >= 0x30, byte <= 0x39 { return .digit }
    return .other
  }

  @inline(__always)
  private mutating func ascii(_ byte: UInt8) {
    switch byte {
    case 0x0A: newLine()
    case 0x20, 0x09: count(.none, halves: spaceHalves)
    case 0x41...0x5A, 0x61...0x7A:
      asciiLetters += 1
      count(.leftToRightLetter, halves: asciiHalves)
    case 0x30...0x39: count(.digit, halves: asciiHalves)
    case 0x0D: break
    case 0x00...0x1F, 0x7F: noteControl(Unicode.Scalar(byte))
    default: count(.other, halves: asciiHalves)
    }
  }

  private mutating func character(_ character: Character) {
    guard let scalar = character.unicodeScalars.first else { return }
    let value = scalar.value
    if value < 0x80, character.unicodeScalars.count == 1 {
      ascii(UInt8(value))
      return
    }
    if character == "\r\n" {
      newLine()
      return
    }
    self.scalar(scalar)
  }

  private mutating func noteControl(_ scalar: Unicode.Scalar) {
    if view.firstControl == nil { view.firstControl = scalar }
  }

  /// Counts one grapheme cluster by its first scalar (not ASCII).
  private mutating func scalar(_ scalar: Unicode.Scalar) {
    let value = scalar.value
    switch value {
    case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069:
      line.hasDirectionalMark = true
      return
    case 0x200B...0x200D, 0xFEFF:
      return
    case 0x00...0x1F, 0x7F...0x9F:
      if value != 0x0D { noteControl(scalar) }
      return
    default: break
    }
    let halves = counting == .cjk && Self.isHalfWidth(value) ? 1 : 2
    if Self.isSpace(value) {
      count(.none, halves: halves)
    } else if let script = Script.of(letter: scalar) {
      scriptTally[script.rawValue] += 1
      hasOtherLetters = true
      count(script.isRightToLeft ? .rightToLeftLetter : .leftToRightLetter, halves: halves)
    } else {
      count(.other, halves: halves)
    }
  }

  /// The scalar at `position` of valid UTF-8 and its length in bytes; nil at the end.
  @inline(__always)
  private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int)
    -> (UInt32, Int)?
  {
    guard position < bytes.count else { return nil }
    let lead = UInt32(bytes[position])
    if lead < 0x80 { return (lead, 1) }
    func next(_ offset: Int) -> UInt32 {
      position + offset < bytes.count ? UInt32(bytes[position + offset] & 0x3F) : 0
    }
    if lead < 0xE0 { return ((lead & 0x1F) << 6 | next(1), 2) }
    if lead < 0xF0 { return ((lead & 0x0F) << 12 | next(1) << 6 | next(2), 3) }
    return ((lead & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3), 4)
  }

  /// True when a run holds a scalar that may extend the cluster before it, so that scalars
  /// and grapheme clusters may differ.
  private static func mayJoin(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var position = 0
    while let (value, length) = decode(bytes, at: position) {
      position += length
      switch value {
      case 0..<0x0300, 0x0370..<0x0483, 0x048A..<0x0591, 0x05C8..<0x0610, 0x0621..<0x064B,
        0x0671..<0x06D6, 0x0700..<0x0900, 0x3000..<0x3099, 0x309B..<0xD800,
        0xF900..<0xFE00, 0xFE30..<0xFFF0:
        continue
      default:
        return true
      }
    }
    return false
  }

  /// White space other than ASCII's (Unicode's White_Space property).
  private static func isSpace(_ value: UInt32) -> Bool {
    switch value {
    case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
    default: return false
    }
  }

  /// Half-width for counting: Latin, digits, ASCII punctuation, spaces, and the half-width
  /// forms block.
  private static func isHalfWidth(_ value: UInt32) -> Bool {
    value < 0x1100 || (0xFF61...0xFFDC).contains(value) || (0xFFE8...0xFFEE).contains(value)
  }

  @inline(__always)
  private mutating func count(_ kind: CueTextView.CharacterClass, halves: Int) {
    guard rubyTextDepth == 0 else { return }
    line.halves += halves
    view.halves += halves
    guard kind != .none else { return }
    view.hasVisibleText = true
    if line.first == .none { line.first = kind }
    line.last = kind
    if kind == .rightToLeftLetter {
      line.hasRightToLeft = true
      if line.firstLetter == .none { line.firstLetter = kind }
    } else if kind == .leftToRightLetter, line.firstLetter == .none {
      line.firstLetter = kind
    }
  }

  private mutating func newLine() {
    view.lines[view.lines.count - 1] = line
    view.lines.append(CueTextView.Line())
    line = CueTextView.Line()
  }

  // MARK: Trees

  private mutating func walk(_ nodes: [CueNode]) {
    var stack: [(nodes: ArraySlice<CueNode>, rubyText: Bool)] = [(nodes[...], false)]
    while var top = stack.popLast() {
      guard let node = top.nodes.popFirst() else {
        if top.rubyText { rubyTextDepth -= 1 }
        continue
      }
      stack.append(top)
      switch node {
      case .text(let string):
        for character in string { self.character(character) }
      case .timestamp: break
      case .element(let element):
        if element.kind == .italic { view.hasItalics = true }
        let rubyText = element.kind == .rubyText
        if rubyText { rubyTextDepth += 1 }
        stack.append((element.children[...], rubyText))
      }
    }
  }
}
