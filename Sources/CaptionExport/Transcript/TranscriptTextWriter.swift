public import CaptionCore

/// Writes a transcript as plain text for screen readers and braille displays: no decoration
/// characters, no indentation, lines wrapped at `width` characters at spaces, a blank line
/// between paragraphs, each paragraph starting with its time and its speaker or label.
public enum TranscriptTextWriter {
  /// The default line width.
  public static let defaultWidth = 72

  /// Appends the text's UTF-8 bytes to `bytes`.
  public static func write(
    _ transcript: Transcript, options: TranscriptExportOptions, width: Int = defaultWidth,
    into bytes: inout [UInt8]
  ) {
    bytes.append(contentsOf: text(transcript, options: options, width: width).utf8)
  }

  /// The text as a string.
  public static func text(
    _ transcript: Transcript, options: TranscriptExportOptions, width: Int = defaultWidth
  ) -> String {
    let labels = TranscriptLabels(language: transcript.language)
    var result = wrapped(options.title, width: width)
    for paragraph in transcript.paragraphs {
      let clock = paragraph.range.map { TranscriptClock.display($0.start) } ?? ""
      var line: String
      switch paragraph.kind {
      case .chapter:
        line = labels.chapter + ": " + paragraph.text + ", " + clock
      case .description:
        line = clock + " " + labels.description + " " + paragraph.text
      case .dialogue:
        line = clock
        if let speaker = paragraph.speaker { line += " " + speaker + ":" }
        line += " " + paragraph.text
      }
      result += "\n" + wrapped(line, width: width)
    }
    return result
  }

  /// `text` on lines of at most `width` characters, broken at spaces (and between characters
  /// of scripts written without spaces); a longer word stays whole. Ends with a newline.
  static func wrapped(_ text: String, width: Int) -> String {
    let width = max(width, 1)
    var result = ""
    var line = ""
    var lineCount = 0
    func flush() {
      result += line + "\n"
      line = ""
      lineCount = 0
    }
    func add(_ word: String, count: Int, spaced: Bool) {
      let gap = spaced && lineCount > 0 ? 1 : 0
      if lineCount > 0, lineCount + gap + count > width {
        flush()
      } else if gap == 1 {
        line += " "
        lineCount += 1
      }
      line += word
      lineCount += count
    }
    let clean = text.unicodeScalars.map { scalar -> Character in
      scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? " " : Character(scalar)
    }
    for word in String(clean).split(separator: " ") {
      let count = word.count
      if count > width, let first = word.unicodeScalars.first,
        TranscriptParagraph.isUnspacedScript(first)
      {
        // Text without spaces breaks between characters.
        var spaced = true
        for character in word {
          add(String(character), count: 1, spaced: spaced)
          spaced = false
        }
      } else {
        add(String(word), count: count, spaced: true)
      }
    }
    if lineCount > 0 || result.isEmpty { flush() }
    return result
  }
}
