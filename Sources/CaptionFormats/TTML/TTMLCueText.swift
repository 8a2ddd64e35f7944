import CaptionCore

/// Builds the cue text of a TTML paragraph from its runs of equally styled text.
enum TTMLCueText {
  /// A run of text and the style it is shown in; line breaks are `\n` in the text.
  struct Segment {
    var text: String
    var italic = false
    var bold = false
    var underline = false
    /// The colour class (`yellow`, `color-808080`); nil for the default colour.
    var color: String?
    var voice: String?
    var language: String?
  }

  /// The cue text, and its raw form: the same text in WebVTT cue text syntax (the plain
  /// string itself when there is no markup).
  static func build(_ segments: [Segment]) -> (text: CueText, raw: String) {
    let visible = segments.filter { !$0.text.isEmpty }
    if visible.allSatisfy({
      !$0.italic && !$0.bold && !$0.underline && $0.color == nil && $0.voice == nil
        && $0.language == nil
    }) {
      let plain = visible.count == 1 ? visible[0].text : visible.map(\.text).joined()
      return (CueText(plain: plain), plain)
    }
    if visible.allSatisfy({ isSimple($0.voice) && isSimple($0.language) }) {
      // Written straight in WebVTT cue text syntax, the tree built only when asked for.
      var bytes: [UInt8] = []
      markup(visible[...], level: 0, into: &bytes)
      let raw = String(decoding: bytes, as: UTF8.self)
      return (CueText(markup: raw, syntax: WebVTTCueTextMarkup.shared), raw)
    }
    let text = CueText(nodes: nodes(visible[...], level: 0))
    return (text, CueTextSerializer.string(text))
  }

  /// True when an annotation reads back from a WebVTT start tag as written: no `&`, `<`, `>`,
  /// and no white space a reader would collapse.
  private static func isSimple(_ annotation: String?) -> Bool {
    guard let annotation else { return true }
    var previousSpace = true
    for byte in annotation.utf8 {
      switch byte {
      case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), 0x09, 0x0A, 0x0C, 0x0D:
        return false
      case 0x20:
        if previousSpace { return false }
        previousSpace = true
      default: previousSpace = false
      }
    }
    return !previousSpace
  }

  /// Appends `segments` in WebVTT cue text syntax, grouped as `nodes` groups them.
  private static func markup(
    _ segments: ArraySlice<Segment>, level: Int, into raw: inout [UInt8]
  ) {
    if level == levels {
      for segment in segments {
        var text = segment.text
        text.withUTF8 { appendEscaped($0, to: &raw) }
      }
      return
    }
    var start = segments.startIndex
    while start < segments.endIndex {
      let key = Self.key(segments[start], level)
      var end = start + 1
      while end < segments.endIndex, Self.key(segments[end], level) == key { end += 1 }
      if let key {
        let tag = ["v", "lang", "c", "b", "i", "u"][level]
        raw.append(UInt8(ascii: "<"))
        raw.append(contentsOf: tag.utf8)
        if level == 2 {
          // A colour class: `<c.yellow>`.
          raw.append(UInt8(ascii: "."))
          raw.append(contentsOf: key.utf8)
        } else if !key.isEmpty {
          raw.append(0x20)
          raw.append(contentsOf: key.utf8)
        }
        raw.append(UInt8(ascii: ">"))
        markup(segments[start..<end], level: level + 1, into: &raw)
        raw.append(contentsOf: "</".utf8)
        raw.append(contentsOf: tag.utf8)
        raw.append(UInt8(ascii: ">"))
      } else {
        markup(segments[start..<end], level: level + 1, into: &raw)
      }
      start = end
    }
  }

  private static func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, to raw: inout [UInt8]) {
    for byte in text {
      switch byte {
      case UInt8(ascii: "&"): raw.append(contentsOf: "&amp;".utf8)
      case UInt8(ascii: "<"): raw.append(contentsOf: "&lt;".utf8)
      case UInt8(ascii: ">"): raw.append(contentsOf: "&gt;".utf8)
      default: raw.append(byte)
      }
    }
  }

  /// The levels of elements, from the outermost: voice, language, colour, bold, italic,
  /// underline.
  private static let levels = 6

  /// The nodes of `segments`, grouped from the outermost element kind (`level` 0: voice) to
  /// the innermost (5: underline); at most six elements deep.
  private static func nodes(_ segments: ArraySlice<Segment>, level: Int) -> [CueNode] {
    if level == levels {
      return [.text(segments.map(\.text).joined())]
    }
    var result: [CueNode] = []
    var start = segments.startIndex
    while start < segments.endIndex {
      let key = Self.key(segments[start], level)
      var end = start + 1
      while end < segments.endIndex, Self.key(segments[end], level) == key { end += 1 }
      let children = nodes(segments[start..<end], level: level + 1)
      if let key {
        let element: CueElement
        switch level {
        case 0: element = CueElement(kind: .voice, annotation: key, children: children)
        case 1: element = CueElement(kind: .language, annotation: key, children: children)
        case 2: element = CueElement(kind: .class, classes: [key], children: children)
        case 3: element = CueElement(kind: .bold, children: children)
        case 4: element = CueElement(kind: .italic, children: children)
        default: element = CueElement(kind: .underline, children: children)
        }
        result.append(.element(element))
      } else {
        result.append(contentsOf: children)
      }
      start = end
    }
    return result
  }

  /// What groups segments at `level`: nil when the level adds no element.
  private static func key(_ segment: Segment, _ level: Int) -> String? {
    switch level {
    case 0: return segment.voice
    case 1: return segment.language
    case 2: return segment.color
    case 3: return segment.bold ? "" : nil
    case 4: return segment.italic ? "" : nil
    default: return segment.underline ? "" : nil
    }
  }
}
