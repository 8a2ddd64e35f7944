/// Splits text into speech and sound labels: `[door slams]`, `(music)`, `♪ ... ♪`.
enum SoundLabel {
  /// A run of text, a sound label (with its brackets) or speech.
  struct Piece: Sendable, Hashable {
    var isSound: Bool
    var text: String
  }

  /// The UTF-8 bytes of `♪` (U+266A).
  private static let note: [UInt8] = [0xE2, 0x99, 0xAA]

  /// The pieces of `text` in order, each trimmed, empty ones dropped. A label holds a letter
  /// and its bracket does not follow a letter or digit (`alert(1)` is speech); a bracket
  /// without its closing partner is speech; brackets do not nest. Works on UTF-8 bytes, in
  /// time linear in the length of `text`.
  static func pieces(of text: String) -> [Piece] {
    let bytes = text.utf8
    // Most captions hold no bracket and no note: one piece, no scan by character.
    if !bytes.contains(where: { $0 == 0x5B || $0 == 0x28 || $0 == 0xE2 }) {
      let trimmed = VoicedLine.trimmed(text)
      return trimmed.isEmpty ? [] : [Piece(isSound: false, text: trimmed)]
    }
    var pieces: [Piece] = []
    func add(_ range: Range<String.Index>, sound: Bool) {
      let trimmed = VoicedLine.trimmed(String(text[range]))
      guard !trimmed.isEmpty else { return }
      if !sound, pieces.last?.isSound == false {
        pieces[pieces.count - 1].text += " " + trimmed
      } else {
        pieces.append(Piece(isSound: sound, text: trimmed))
      }
    }
    var speechStart = bytes.startIndex
    var index = bytes.startIndex
    // Closing marks known not to occur after `index`: each is searched for at most once in
    // vain, which keeps the scan linear.
    var noClosingBracket = false
    var noClosingParenthesis = false
    var noClosingNote = false
    while index < bytes.endIndex {
      let byte = bytes[index]
      let isNote = byte == 0xE2 && bytes[index...].starts(with: note)
      guard byte == 0x5B || byte == 0x28 || isNote else {
        index = bytes.index(after: index)
        continue
      }
      let contentStart = bytes.index(index, offsetBy: isNote ? 3 : 1)
      var end: String.Index?
      if isNote {
        if !noClosingNote {
          end = find(note, in: bytes, from: contentStart)
          noClosingNote = end == nil
        }
        guard let close = end else {
          // An unclosed note: music to the end of the text.
          add(speechStart..<index, sound: false)
          add(index..<bytes.endIndex, sound: true)
          return pieces
        }
        end = bytes.index(close, offsetBy: 3)
      } else {
        let closing: UInt8 = byte == 0x5B ? 0x5D : 0x29
        let known = byte == 0x5B ? noClosingBracket : noClosingParenthesis
        if !known {
          end = bytes[contentStart...].firstIndex(of: closing).map { bytes.index(after: $0) }
          if end == nil {
            if byte == 0x5B { noClosingBracket = true } else { noClosingParenthesis = true }
          }
        }
        // A bracket right after a letter or digit is not a label: `alert(1)`, `f[x]`.
        if end != nil, index > bytes.startIndex {
          let before = text.unicodeScalars[text.unicodeScalars.index(before: index)]
          if before.properties.isAlphabetic || before.properties.numericType != nil {
            end = nil
          }
        }
      }
      // A label holds a word: `(1)` and `[]` are not labels.
      guard let after = end,
        text.unicodeScalars[index..<after].contains(where: { $0.properties.isAlphabetic })
      else {
        index = contentStart
        continue
      }
      add(speechStart..<index, sound: false)
      add(index..<after, sound: true)
      index = after
      speechStart = after
    }
    add(speechStart..<bytes.endIndex, sound: false)
    return pieces
  }

  /// The index where `needle` next starts in `bytes` at or after `start`.
  private static func find(_ needle: [UInt8], in bytes: String.UTF8View, from start: String.Index)
    -> String.Index?
  {
    var index = start
    while let found = bytes[index...].firstIndex(of: needle[0]) {
      if bytes[found...].starts(with: needle) { return found }
      index = bytes.index(after: found)
    }
    return nil
  }
}
