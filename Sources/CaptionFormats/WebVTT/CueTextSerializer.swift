public import CaptionCore

/// Writes a `CueText` tree as WebVTT cue text: `&`, `<` and `>` escaped, tags with their
/// classes and annotations, inner timestamps. Walks the tree with an explicit stack, so any
/// depth is safe.
public enum CueTextSerializer {
  /// Something the cue text markup cannot carry, written in the closest valid form.
  public enum Loss: Hashable, Sendable {
    /// A class name with characters a class cannot hold (space, `.`, `<`, `>`, `&`) or empty.
    case className(String, writtenAs: String)
    /// A voice name or language tag whose white space readers collapse.
    case annotation(String, writtenAs: String)
    /// An annotation on a tag that takes none (only `<v>` and `<lang>` do).
    case annotationDropped(CueElement.Kind)
    /// `<rt>` not directly inside `<ruby>`: readers ignore the tag; its text is kept.
    case rubyTextOutsideRuby
    /// Elements nested deeper than `CueText.maximumDepth`: readers flatten them.
    case tooDeep
    /// A carriage return, written as a line break.
    case carriageReturn
    /// A NUL character, which readers replace by U+FFFD.
    case nul
    /// A negative inner timestamp, written as zero.
    case negativeTimestamp(MediaTime)
  }

  /// Appends the cue text form of the text of `cue` to `output` and returns what it could not
  /// carry; reads the raw text's bytes without making a string when the text is read from it.
  static func serializeText(of cue: Cue, into output: inout [UInt8]) -> [Loss] {
    let checked = cue.hasMarkupInWrittenForm
    let written = cue.withRawTextBytes { raw, syntax -> [Loss]? in
      guard let syntax else {
        var losses: [Loss] = []
        appendEscaped(raw, to: &output, losses: &losses)
        return losses
      }
      if checked, syntax === WebVTTCueTextMarkup.shared {
        // Closed tags in the form `appendCanonical` copies, as the reader found.
        output.append(contentsOf: raw)
        return []
      }
      if checked, syntax === SRTCueTextMarkup.shared {
        var losses: [Loss] = []
        appendCleanSRT(raw, to: &output, losses: &losses)
        return losses
      }
      let webVTT = syntax === WebVTTCueTextMarkup.shared
      if webVTT || syntax === SRTCueTextMarkup.shared,
        appendCanonical(raw, webVTT: webVTT, to: &output)
      {
        return []
      }
      if syntax === SRTCueTextMarkup.shared, SRTMarkup.cleanSettings(raw) != nil {
        var losses: [Loss] = []
        appendCleanSRT(raw, to: &output, losses: &losses)
        return losses
      }
      return nil
    }
    if let written = written ?? nil { return written }
    return serialize(cue.text, into: &output)
  }

  /// Appends the cue text form of SRT text whose markup needs no repair (see
  /// `SRTMarkup.cleanSettings`), as its tree is written: tags as they are, `{\anN}` left out
  /// (it is in the settings), the text between escaped.
  private static func appendCleanSRT(
    _ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], losses: inout [Loss]
  ) {
    var index = 0
    let count = bytes.count
    while index < count {
      switch bytes[index] {
      case UInt8(ascii: "<"):
        let end = index + (bytes[index + 1] == UInt8(ascii: "/") ? 4 : 3)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
        index = end
      case UInt8(ascii: "{"):
        index += 6
      default:
        var end = index + 1
        while end < count, bytes[end] != UInt8(ascii: "<"), bytes[end] != UInt8(ascii: "{") {
          end += 1
        }
        appendEscaped(
          UnsafeBufferPointer(rebasing: bytes[index..<end]), to: &output, losses: &losses)
        index = end
      }
    }
  }

  /// Appends the cue text form of `text` to `output` and returns what it could not carry.
  @discardableResult
  public static func serialize(_ text: CueText, into output: inout [UInt8]) -> [Loss] {
    var losses: [Loss] = []
    var text = text
    if let markup = text.markup {
      if markup.syntax === WebVTTCueTextMarkup.shared || markup.syntax === SRTCueTextMarkup.shared,
        appendCanonical(
          markup.text, webVTT: markup.syntax === WebVTTCueTextMarkup.shared, to: &output)
      {
        return losses
      }
      text = CueText(nodes: markup.syntax.nodes(of: markup.text))  // built once, here
    }
    if let plain = text.plainString {
      appendEscaped(plain, to: &output, losses: &losses)
      return losses
    }
    /// A level of the walk: the nodes left to write, and the end tag to write after them.
    struct Level {
      var nodes: [CueNode]
      var index: Int
      var kind: CueElement.Kind?
      var endTag: Bool
    }
    var stack = [Level(nodes: text.nodes, index: 0, kind: nil, endTag: false)]
    var depth = 0
    while !stack.isEmpty {
      let top = stack.count - 1
      guard stack[top].index < stack[top].nodes.count else {
        let level = stack.removeLast()
        if level.endTag, let kind = level.kind {
          depth -= 1
          output.append(contentsOf: [UInt8(ascii: "<"), UInt8(ascii: "/")])
          output.append(contentsOf: kind.rawValue.utf8)
          output.append(UInt8(ascii: ">"))
        }
        continue
      }
      let node = stack[top].nodes[stack[top].index]
      stack[top].index += 1
      switch node {
      case .text(let string):
        appendEscaped(string, to: &output, losses: &losses)
      case .timestamp(let time):
        var time = time
        if time < .zero {
          add(.negativeTimestamp(time), to: &losses)
          time = .zero
        }
        output.append(UInt8(ascii: "<"))
        appendTimestamp(time, to: &output)
        output.append(UInt8(ascii: ">"))
      case .element(let element):
        let parent = stack[top].kind
        var writeTags = true
        if element.kind == .rubyText, parent != .ruby {
          add(.rubyTextOutsideRuby, to: &losses)
          writeTags = false
        }
        if writeTags {
          depth += 1
          if depth > CueText.maximumDepth { add(.tooDeep, to: &losses) }
          appendStartTag(element, to: &output, losses: &losses)
        }
        stack.append(
          Level(
            nodes: element.children, index: 0, kind: writeTags ? element.kind : parent,
            endTag: writeTags))
      }
    }
    return losses
  }

  /// Appends `raw` as it is when it is already the form its tree is written in, else returns
  /// false having appended nothing.
  ///
  /// That is text whose only markup is `<b>`, `<i>` and `<u>` tags, each with content, nested
  /// and closed in order, with no `&`, no `>` outside a tag, no `{`, carriage return or NUL:
  /// WebVTT and SRT read such text to the same tree, which is written back byte for byte.
  /// With `webVTT`, text read as WebVTT may also have `<c>` and `<v>` tags with classes, a
  /// voice's name with single spaces, `&amp;`, `&lt;`, `&gt;`, `{`, and tags left open at the
  /// end (their end tags are appended, as the tree is written).
  static func appendCanonical(_ raw: String, webVTT: Bool, to output: inout [UInt8]) -> Bool {
    var raw = raw
    return raw.withUTF8 { appendCanonical($0, webVTT: webVTT, to: &output) }
  }

  /// `appendCanonical` of the bytes of a raw text.
  static func appendCanonical(
    _ bytes: UnsafeBufferPointer<UInt8>, webVTT: Bool, to output: inout [UInt8]
  ) -> Bool {
    guard var (open, depth) = openTags(ofCanonical: bytes, webVTT: webVTT) else { return false }
    output.append(contentsOf: bytes)
    while depth > 0 {
      let name: UInt8
      switch open & 7 {
      case 1: name = UInt8(ascii: "b")
      case 2: name = UInt8(ascii: "i")
      case 3: name = UInt8(ascii: "u")
      case 4: name = UInt8(ascii: "c")
      default: name = UInt8(ascii: "v")
      }
      output.append(contentsOf: [UInt8(ascii: "<"), UInt8(ascii: "/"), name, UInt8(ascii: ">")])
      open >>= 3
      depth -= 1
    }
    return true
  }

  /// The tags left open at the end of `bytes` (3 bits each, innermost in the low bits: 1 `b`,
  /// 2 `i`, 3 `u`, 4 `c`, 5 `v`) and their number, when `bytes` is in the form
  /// `appendCanonical` copies; else nil.
  static func openTags(ofCanonical bytes: UnsafeBufferPointer<UInt8>, webVTT: Bool) -> (
    UInt64, Int
  )? {
    // SRT's `\N`, `\n` and `\h` are read as a line break and a space, not copied.
    if !webVTT, SRTMarkup.hasEscape(bytes) { return nil }
    // Open tags, 3 bits each, innermost in the low bits.
    var open: UInt64 = 0
    var depth = 0
    var justOpened = false
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if !isMarkupOrControl(byte) {
        justOpened = false
        index = skipPlain(bytes, from: index + 1)
        continue
      }
      switch byte {
      case UInt8(ascii: "<"):
        let closing = index + 1 < count && bytes[index + 1] == UInt8(ascii: "/")
        let name = index + (closing ? 2 : 1)
        guard name + 1 < count else { return nil }
        let code: UInt64
        switch bytes[name] {
        case UInt8(ascii: "b"): code = 1
        case UInt8(ascii: "i"): code = 2
        case UInt8(ascii: "u"): code = 3
        case UInt8(ascii: "c") where webVTT: code = 4
        case UInt8(ascii: "v") where webVTT: code = 5
        default: return nil
        }
        var next = name + 1
        if closing {
          guard bytes[next] == UInt8(ascii: ">"), depth > 0, open & 7 == code, !justOpened
          else { return nil }
          open >>= 3
          depth -= 1
          justOpened = false
        } else {
          // Classes: `.name`, each name at least one byte that is not white space, `.`,
          // `<`, `>` or `&`.
          while webVTT, next < count, bytes[next] == UInt8(ascii: ".") {
            next += 1
            let nameStart = next
            while next < count, !isNotInClass(bytes[next]) { next += 1 }
            guard next > nameStart else { return nil }
          }
          guard next < count else { return nil }
          if code == 5 {
            // A voice's name: one space, then words with single spaces between them.
            guard bytes[next] == 0x20 else { return nil }
            next += 1
            var previous: UInt8 = 0x20
            while next < count, bytes[next] != UInt8(ascii: ">") {
              switch bytes[next] {
              case 0x20 where previous != 0x20: break
              case 0x09, 0x0A, 0x0C, 0x0D, 0x20, 0, UInt8(ascii: "<"), UInt8(ascii: "&"):
                return nil
              default: break
              }
              previous = bytes[next]
              next += 1
            }
            guard previous != 0x20 else { return nil }
          }
          guard next < count, bytes[next] == UInt8(ascii: ">"), depth < 21 else {
            return nil
          }
          open = open << 3 | code
          depth += 1
          justOpened = true
        }
        index = next + 1
        continue
      case UInt8(ascii: "&") where webVTT:
        // Only the references the writer makes.
        let rest = count - index
        if rest >= 5, bytes[index + 1] == UInt8(ascii: "a"),
          bytes[index + 2] == UInt8(ascii: "m"),
          bytes[index + 3] == UInt8(ascii: "p"), bytes[index + 4] == UInt8(ascii: ";")
        {
          index += 5
        } else if rest >= 4,
          bytes[index + 1] == UInt8(ascii: "l") || bytes[index + 1] == UInt8(ascii: "g"),
          bytes[index + 2] == UInt8(ascii: "t"), bytes[index + 3] == UInt8(ascii: ";")
        {
          index += 4
        } else {
          return nil
        }
        justOpened = false
        continue
      case UInt8(ascii: "{") where webVTT:
        justOpened = false
        index += 1
      case UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "{"), 0x0D, 0:
        return nil
      default:
        justOpened = false
        index += 1
      }
    }
    guard depth == 0 || (webVTT && !justOpened) else { return nil }
    return (open, depth)
  }

  /// The cue text form of `text`, as a string.
  public static func string(_ text: CueText) -> String {
    var bytes: [UInt8] = []
    serialize(text, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func add(_ loss: Loss, to losses: inout [Loss]) {
    if !losses.contains(loss) { losses.append(loss) }
  }

  /// The index of the first byte at or after `index` for which `isMarkupOrControl` is true,
  /// or the end; skips eight bytes at a time.
  @inline(__always)
  static func skipPlain(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
    ByteWords.firstMarked(in: bytes, from: index) { word in
      // NUL (a zero byte), CR, `&`, `<`, `>` and `{`.
      let nul = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
      return nul | ByteWords.equal(word, 0x0D) | ByteWords.equal(word, 0x26)
        | ByteWords.equal(word, 0x3C) | ByteWords.equal(word, 0x3E) | ByteWords.equal(word, 0x7B)
    }
  }

  /// True for the bytes cue text handles apart from the rest: NUL, CR, `&`, `<`, `>` and `{`
  /// (a superset, cheap to test, of what each loop looks for).
  @inline(__always)
  static func isMarkupOrControl(_ byte: UInt8) -> Bool {
    // Bits 0x00, 0x0D, 0x26, 0x3C and 0x3E.
    let low: UInt64 = 1 << 0x00 | 1 << 0x0D | 1 << 0x26 | 1 << 0x3C | 1 << 0x3E
    return byte < 0x40 ? low >> UInt64(byte) & 1 != 0 : byte == 0x7B
  }

  /// True for the bytes a class name cannot hold: white space, `.`, `<`, `>` and `&`.
  private static func isNotInClass(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x09, 0x0A, 0x0C, 0x0D, 0x20, UInt8(ascii: "."), UInt8(ascii: "<"), UInt8(ascii: ">"),
      UInt8(ascii: "&"):
      return true
    default: return false
    }
  }

  private static func appendStartTag(
    _ element: CueElement, to output: inout [UInt8], losses: inout [Loss]
  ) {
    output.append(UInt8(ascii: "<"))
    output.append(contentsOf: element.kind.rawValue.utf8)
    for name in element.classes {
      if !name.isEmpty, !name.utf8.contains(where: isNotInClass) {
        output.append(UInt8(ascii: "."))
        output.append(contentsOf: name.utf8)
        continue
      }
      let clean = name.utf8.filter { !isNotInClass($0) }
      if clean.count != name.utf8.count || clean.isEmpty {
        add(.className(name, writtenAs: String(decoding: clean, as: UTF8.self)), to: &losses)
      }
      if clean.isEmpty { continue }
      output.append(UInt8(ascii: "."))
      output.append(contentsOf: clean)
    }
    if let annotation = element.annotation {
      if element.kind == .voice || element.kind == .language {
        let collapsed = collapseWhitespace(annotation)
        if collapsed != annotation {
          add(.annotation(annotation, writtenAs: collapsed), to: &losses)
        }
        if !collapsed.isEmpty {
          output.append(UInt8(ascii: " "))
          for byte in collapsed.utf8 {
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case 0: output.append(contentsOf: [0xEF, 0xBF, 0xBD])
            default: output.append(byte)
            }
          }
        }
      } else {
        add(.annotationDropped(element.kind), to: &losses)
      }
    }
    output.append(UInt8(ascii: ">"))
  }

  /// Appends `string` with `&`, `<` and `>` escaped, copying runs without them at once.
  private static func appendEscaped(
    _ string: String, to output: inout [UInt8], losses: inout [Loss]
  ) {
    let done: Void? = string.utf8.withContiguousStorageIfAvailable {
      appendEscaped($0, to: &output, losses: &losses)
    }
    if done == nil {
      Array(string.utf8).withUnsafeBufferPointer {
        appendEscaped($0, to: &output, losses: &losses)
      }
    }
  }

  private static func appendEscaped(
    _ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], losses: inout [Loss]
  ) {
    var runStart = 0
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if !isMarkupOrControl(byte) {
        index = skipPlain(bytes, from: index + 1)
        continue
      }
      let replacement: [UInt8]
      var skip = 1
      switch byte {
      case UInt8(ascii: "&"): replacement = ampersandReference
      case UInt8(ascii: "<"): replacement = lessThanReference
      case UInt8(ascii: ">"): replacement = greaterThanReference
      case 0x0D:
        add(.carriageReturn, to: &losses)
        replacement = lineFeed
        if index + 1 < count, bytes[index + 1] == 0x0A { skip = 2 }
      case 0:
        add(.nul, to: &losses)
        replacement = replacementCharacter
      default:
        index += 1
        continue
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
      output.append(contentsOf: replacement)
      index += skip
      runStart = index
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
  }

  private static let ampersandReference = Array("&amp;".utf8)
  private static let lessThanReference = Array("&lt;".utf8)
  private static let greaterThanReference = Array("&gt;".utf8)
  private static let lineFeed: [UInt8] = [0x0A]
  private static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

  /// Appends the timing `hh:mm:ss.ttt --> hh:mm:ss.ttt` (with `separator` before the
  /// milliseconds) at once when both times are whole milliseconds from 0 to 9999 hours; else
  /// appends nothing and returns false.
  static func appendTimings(
    _ start: MediaTime, _ end: MediaTime, separator: UInt8, to output: inout [UInt8]
  ) -> Bool {
    let limit: Int64 = 10_000 * 3_600_000
    guard start.timescale == 1000, end.timescale == 1000, start.value >= 0, end.value >= 0,
      start.value < limit, end.value < limit
    else { return false }
    // Up to 14 bytes, " --> ", up to 14 bytes.
    var line: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    withUnsafeMutableBytes(of: &line) { buffer in
      var offset = 0
      let zero = UInt8(ascii: "0")
      func put(_ milliseconds: Int64) {
        let total = Int(milliseconds)
        let hours = total / 3_600_000
        if hours >= 1000 {
          buffer[offset] = zero &+ UInt8(truncatingIfNeeded: hours / 1000)
          offset += 1
        }
        if hours >= 100 {
          buffer[offset] = zero &+ UInt8(truncatingIfNeeded: hours / 100 % 10)
          offset += 1
        }
        let minutes = total / 60_000 % 60
        let seconds = total / 1000 % 60
        let fraction = total % 1000
        buffer[offset] = zero &+ UInt8(truncatingIfNeeded: hours / 10 % 10)
        buffer[offset + 1] = zero &+ UInt8(truncatingIfNeeded: hours % 10)
        buffer[offset + 2] = UInt8(ascii: ":")
        buffer[offset + 3] = zero &+ UInt8(truncatingIfNeeded: minutes / 10)
        buffer[offset + 4] = zero &+ UInt8(truncatingIfNeeded: minutes % 10)
        buffer[offset + 5] = UInt8(ascii: ":")
        buffer[offset + 6] = zero &+ UInt8(truncatingIfNeeded: seconds / 10)
        buffer[offset + 7] = zero &+ UInt8(truncatingIfNeeded: seconds % 10)
        buffer[offset + 8] = separator
        buffer[offset + 9] = zero &+ UInt8(truncatingIfNeeded: fraction / 100)
        buffer[offset + 10] = zero &+ UInt8(truncatingIfNeeded: fraction / 10 % 10)
        buffer[offset + 11] = zero &+ UInt8(truncatingIfNeeded: fraction % 10)
        offset += 12
      }
      put(start.value)
      buffer[offset] = 0x20
      buffer[offset + 1] = UInt8(ascii: "-")
      buffer[offset + 2] = UInt8(ascii: "-")
      buffer[offset + 3] = UInt8(ascii: ">")
      buffer[offset + 4] = 0x20
      offset += 5
      put(end.value)
      let count = offset
      buffer.withMemoryRebound(to: UInt8.self) {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<count]))
      }
    }
    return true
  }

  /// Appends `time` as `hh:mm:ss.ttt`, hours always present and at least two digits.
  static func appendTimestamp(_ time: MediaTime, to output: inout [UInt8]) {
    let total = max(time.milliseconds, 0)
    let hours = total / 3_600_000
    if hours >= 100 {
      output.append(contentsOf: String(hours).utf8)
    }
    // `hh:mm:ss.ttt` (or `:mm:ss.ttt` after longer hours) made in place, appended at once.
    let minutes = Int(total / 60_000 % 60)
    let seconds = Int(total / 1000 % 60)
    let fraction = Int(total % 1000)
    let zero = UInt8(ascii: "0")
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)
    digits.0 = zero &+ UInt8(truncatingIfNeeded: hours / 10 % 10)
    digits.1 = zero &+ UInt8(truncatingIfNeeded: hours % 10)
    digits.2 = UInt8(ascii: ":")
    digits.3 = zero &+ UInt8(minutes / 10)
    digits.4 = zero &+ UInt8(minutes % 10)
    digits.5 = UInt8(ascii: ":")
    digits.6 = zero &+ UInt8(seconds / 10)
    digits.7 = zero &+ UInt8(seconds % 10)
    digits.8 = UInt8(ascii: ".")
    digits.9 = zero &+ UInt8(fraction / 100)
    digits.10 = zero &+ UInt8(fraction / 10 % 10)
    digits.11 = zero &+ UInt8(fraction % 10)
    let skip = hours >= 100 ? 2 : 0
    withUnsafeBytes(of: &digits) { buffer in
      output.append(contentsOf: buffer[skip...])
    }
  }

  /// Strips ASCII white space at both ends and turns each inner run into one space, as the
  /// tokenizer does with annotations.
  private static func collapseWhitespace(_ string: String) -> String {
    var result = ""
    var pending = false
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\t", "\n", "\u{0C}", "\r", " ": pending = !result.isEmpty
      default:
        if pending { result.append(" ") }
        pending = false
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
