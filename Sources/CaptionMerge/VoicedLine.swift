import CaptionCore

/// A line of a cue's visible text and the `<v>` voice it is in, if any.
struct VoicedLine: Sendable, Hashable {
  var voice: String?
  var text: String

  /// The lines of a cue text: markup and ruby text (`<rt>`) dropped, a new line at each line
  /// break and wherever another voice starts within a line. Plain text builds no tree.
  static func lines(of text: CueText) -> [VoicedLine] {
    if let plain = text.plainString {
      return plain.split(separator: "\n", omittingEmptySubsequences: false).map {
        VoicedLine(voice: nil, text: String($0))
      }
    }
    var lines: [VoicedLine] = []
    var current = VoicedLine(voice: nil, text: "")
    var started = false
    func append(_ string: String, voice: String?) {
      var first = true
      for piece in string.split(separator: "\n", omittingEmptySubsequences: false) {
        if !first {
          lines.append(current)
          current = VoicedLine(voice: voice, text: "")
          started = false
        }
        first = false
        if piece.isEmpty { continue }
        let visible = piece.contains { !$0.isWhitespace }
        // Unvoiced text after a voice (`<v A>Hi</v> <i>there</i>`) stays with that voice.
        if visible, started, let voice, current.voice != voice,
          current.text.contains(where: { !$0.isWhitespace })
        {
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
    var stack: [(nodes: ArraySlice<CueNode>, voice: String?)] = [(text.nodes[...], nil)]
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

  /// `text` without leading and trailing white space.
  static func trimmed(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }
}
