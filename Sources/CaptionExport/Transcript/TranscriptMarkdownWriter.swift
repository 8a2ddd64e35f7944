public import CaptionCore

/// Writes a transcript as CommonMark: the title as `#`, each chapter as `##`, each paragraph
/// on one line starting with its time (a link into the media when there is one), speaker
/// names in bold, descriptions as block quotes labelled in bold, sound labels in italics.
/// Characters Markdown would read as markup are escaped with a backslash.
public enum TranscriptMarkdownWriter {
  /// Appends the document's UTF-8 bytes to `bytes`.
  public static func write(
    _ transcript: Transcript, options: TranscriptExportOptions, into bytes: inout [UInt8]
  ) {
    bytes.append(contentsOf: document(transcript, options: options).utf8)
  }

  /// The document as a string.
  public static func document(_ transcript: Transcript, options: TranscriptExportOptions)
    -> String
  {
    let labels = TranscriptLabels(language: transcript.language)
    var text = "# " + escaped(options.title) + "\n"
    for paragraph in transcript.paragraphs {
      text += "\n"
      switch paragraph.kind {
      case .chapter:
        text += "## " + escaped(paragraph.text) + "\n"
      case .description:
        text += "> " + time(paragraph, options) + "**" + escaped(labels.description) + "** "
        text += escaped(paragraph.text) + "\n"
      case .dialogue:
        text += time(paragraph, options)
        if let speaker = paragraph.speaker { text += "**" + escaped(speaker) + ":** " }
        var previous = ""
        for entry in paragraph.entries where !entry.text.isEmpty {
          text += TranscriptParagraph.separator(between: previous, and: entry.text)
          text += entry.kind == .sound ? "*" + escaped(entry.text) + "*" : escaped(entry.text)
          previous = entry.text
        }
        text += "\n"
      }
    }
    return text
  }

  private static func time(_ paragraph: TranscriptParagraph, _ options: TranscriptExportOptions)
    -> String
  {
    guard let start = paragraph.range?.start else { return "" }
    let clock = TranscriptClock.display(start)
    guard let link = options.mediaLink else { return clock + " " }
    return "[\(clock)](\(link)#t=\(TranscriptClock.fragmentSeconds(start))) "
  }

  /// `text` on one line with the characters that start Markdown markup, links, HTML and
  /// entities backslash-escaped, so that it reads as the same text and never as markup.
  /// (Line-start markers such as `-` or `1.` need no escape: text never starts a line.)
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~", "&":
        result.unicodeScalars.append("\\")
        result.unicodeScalars.append(scalar)
      case "\n", "\r", "\t":
        result.unicodeScalars.append(" ")
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
