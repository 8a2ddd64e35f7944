/// Splits text into speech and sound labels: `[door slams]`, `(music)`, `♪ ... ♪`.
enum SoundLabel {
  /// A run of text, a sound label (with its brackets) or speech.
  struct Piece: Sendable, Hashable {
    var isSound: Bool
    var text: String
  }

  /// The pieces of `text` in order, each trimmed, empty ones dropped. A label holds a letter
  /// and its bracket does not follow a letter or digit (`alert(1)` is speech); a bracket
  /// without its closing partner is speech; brackets do not nest. Linear in the length of
  /// `text`.
  static func pieces(of text: String) -> [Piece] {
    var pieces: [Piece] = []
    func add(_ slice: Substring, sound: Bool) {
      let trimmed = VoicedLine.trimmed(String(slice))
      guard !trimmed.isEmpty else { return }
      if !sound, let last = pieces.last, !last.isSound {
        pieces[pieces.count - 1].text = last.text + " " + trimmed
      } else {
        pieces.append(Piece(isSound: sound, text: trimmed))
      }
    }
    var speechStart = text.startIndex
    var index = text.startIndex
    // Closing characters known not to occur after `index`: each is searched for at most once
    // in vain, which keeps the scan linear.
    var absent: Set<Character> = []
    while index < text.endIndex {
      let character = text[index]
      var closing: Character?
      switch character {
      case "[": closing = "]"
      case "(": closing = ")"
      case "♪": closing = "♪"
      default: closing = nil
      }
      // A bracket right after a letter or digit is not a label: `alert(1)`, `f[x]`.
      if closing != nil, character != "♪", index > text.startIndex {
        let before = text[text.index(before: index)]
        if before.isLetter || before.isNumber { closing = nil }
      }
      let end =
        closing.flatMap { closing in
          absent.contains(closing)
            ? nil : text[text.index(after: index)...].firstIndex(of: closing)
        }
      if let closing, end == nil { absent.insert(closing) }
      guard let end else {
        if character == "♪" {
          // An unclosed note: music to the end of the text.
          add(text[speechStart..<index], sound: false)
          add(text[index...], sound: true)
          return pieces
        }
        index = text.index(after: index)
        continue
      }
      let after = text.index(after: end)
      // A label holds a word: `(1)` and `[]` are not labels.
      guard text[index..<after].contains(where: \.isLetter) else {
        index = text.index(after: index)
        continue
      }
      add(text[speechStart..<index], sound: false)
      add(text[index..<after], sound: true)
      index = after
      speechStart = after
    }
    add(text[speechStart...], sound: false)
    return pieces
  }
}
