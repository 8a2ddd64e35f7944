import CaptionCore

/// A line of a cue's visible text and the `<v>` voice it is in, if any.
struct VoicedLine: Sendable, Hashable {
  var voice: String?
  var text: String

  /// The lines of a cue text: markup and ruby text (`<rt>`) dropped, a new line at each line
  /// break and wherever another voice starts within a line. Plain text builds no tree.
  static func lines(of text: CueText) -> [VoicedLine] {
    // The tree is built once (a cue kept as written builds it on each request).
    let nodes = text.nodes
    if nodes.isEmpty { return [] }
    if nodes.count == 1, case .text(let plain) = nodes[0] {
      return split(plain).map { VoicedLine(voice: nil, text: String($0)) }
    }
    var lines: [VoicedLine] = []
    var current = VoicedLine(voice: nil, text: "")
    var started = false
    func append(_ string: String, voice: String?) {
      var first = true
      for piece in split(string) {
        if !first {
          lines.append(current)
          current = VoicedLine(voice: voice, text: "")
          started = false
        }
        first = false
        if piece.isEmpty { continue }
        let visible = isVisible(piece)
        // Unvoiced text after a voice (`<v A>Hi</v> <i>there</i>`) stays with that voice.
        if visible, started, let voice, current.voice != voice, isVisible(current.text[...]) {
          lines.append(current)
          current = VoicedLine(voice: voice, text: "")
        }
        if visible, !started {
          current.voice = voice
          started = true
        }
        current.text += piece
      }
    }
    // Depth-first over the tree without recursion; each frame keeps the voice it is in.
    var stack: [(nodes: ArraySlice<CueNode>, voice: String?)] = [(nodes[...], nil)]
    while var top = stack.popLast() {
      guard let node = top.nodes.popFirst() else { continue }
      stack.append(top)
      switch node {
      case .text(let string): append(string, voice: top.voice)
      case .timestamp: break
      case .element(let element):
        if element.kind == .rubyText { continue }
        let voice =
          element.kind == .voice
          ? (element.annotation.map(Self.trimmed).flatMap { $0.isEmpty ? nil : $0 })
          : top.voice
        stack.append((element.children[...], voice))
      }
    }
    lines.append(current)
    return lines
  }

  /// `text` split at line feeds, on its bytes.
  private static func split(_ text: String) -> [Substring] {
    text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { Substring($0) }
  }

  /// True when `text` has a character other than white space.
  static func isVisible(_ text: Substring) -> Bool {
    for byte in text.utf8 where !isASCIIWhiteSpace(byte) {
      guard byte >= 0x80 else { return true }
      return text.unicodeScalars.contains { !$0.properties.isWhitespace }
    }
    return false
  }

  /// `text` without leading and trailing white space.
  static func trimmed(_ text: String) -> String {
    let bytes = text.utf8
    guard let first = bytes.firstIndex(where: { !isASCIIWhiteSpace($0) }),
      let last = bytes.lastIndex(where: { !isASCIIWhiteSpace($0) })
    else { return "" }
    if bytes[first] < 0x80, bytes[last] < 0x80 {
      return first == bytes.startIndex && last == bytes.index(before: bytes.endIndex)
        ? text : String(text[first...last])
    }
    // Other white space (no-break spaces, ideographic spaces) at an end.
    let scalars = text.unicodeScalars
    guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    // Only invisible characters (a zero-width space, directional marks) is no text; beside
    // text they stay, as they order it.
    guard
      scalars[start...end].contains(where: {
        !$0.properties.isWhitespace && !$0.properties.isDefaultIgnorableCodePoint
      })
    else { return "" }
    return String(scalars[start...end])
  }

  static func isASCIIWhiteSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
  }
}
