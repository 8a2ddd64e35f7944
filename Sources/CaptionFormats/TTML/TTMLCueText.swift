import CaptionCore

/// Builds the cue text of a TTML paragraph from its runs of equally styled text.
enum TTMLCueText {
  /// A run of text and the style it is shown in; line breaks are `\n` in the text.
  struct Segment {
    var text: String
    var italic = false
    var bold = false
    var underline = false
    var voice: String?
    var language: String?
  }

  /// The cue text, and its raw form: the same text in WebVTT cue text syntax (the plain
  /// string itself when there is no markup).
  static func build(_ segments: [Segment]) -> (text: CueText, raw: String) {
    let visible = segments.filter { !$0.text.isEmpty }
    if visible.allSatisfy({
      !$0.italic && !$0.bold && !$0.underline && $0.voice == nil && $0.language == nil
    }) {
      let plain = visible.count == 1 ? visible[0].text : visible.map(\.text).joined()
      return (CueText(plain: plain), plain)
    }
    if visible.allSatisfy({ isSimple($0.voice) && isSimple($0.language) }) {
      // Written straight in WebVTT cue text syntax, the tree built only when asked for.
      var raw = ""
      markup(visible[...], level: 0, into: &raw)
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
  private static func markup(_ segments: ArraySlice<Segment>, level: Int, into raw: inout String) {
    if level == 5 {
      for segment in segments { appendEscaped(segment.text, to: &raw) }
      return
    }
    var start = segments.startIndex
    while start < segments.endIndex {
      let key = Self.key(segments[start], level)
      var end = start + 1
      while end < segments.endIndex, Self.key(segments[end], level) == key { end += 1 }
      if let key {
        let tag = ["v", "lang", "b", "i", "u"][level]
        raw += key.isEmpty ? "<\(tag)>" : "<\(tag) \(key)>"
        markup(segments[start..<end], level: level + 1, into: &raw)
        raw += "</\(tag)>"
      } else {
        markup(segments[start..<end], level: level + 1, into: &raw)
      }
      start = end
    }
  }

  private static func appendEscaped(_ text: String, to raw: inout String) {
    guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E }) else {
      raw += text
      return
    }
    for character in text.unicodeScalars {
      switch character {
      case "&": raw += "&amp;"
      case "<": raw += "&lt;"
      case ">": raw += "&gt;"
      default: raw.unicodeScalars.append(character)
      }
    }
  }

  /// The nodes of `segments`, grouped from the outermost element kind (`level` 0: voice) to
  /// the innermost (4: underline); at most five elements deep.
  private static func nodes(_ segments: ArraySlice<Segment>, level: Int) -> [CueNode] {
    if level == 5 {
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
        case 2: element = CueElement(kind: .bold, children: children)
        case 3: element = CueElement(kind: .italic, children: children)
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
    case 2: return segment.bold ? "" : nil
    case 3: return segment.italic ? "" : nil
    default: return segment.underline ? "" : nil
    }
  }
}
