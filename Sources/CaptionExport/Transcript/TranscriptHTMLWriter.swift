public import CaptionCore

/// Writes a transcript as one self-contained, accessible HTML page.
///
/// The page declares the transcript's language and direction; has a unique title and `h1`, a
/// skip link, a list of chapters and each chapter as an `h2`; names each speaker in text;
/// labels each description in text and sets it apart in a bordered box; shows sound labels
/// with their brackets; links each paragraph's start time to the media (`movie.mp4#t=83.2`)
/// with a name that says what it does ("Play from 1:23"). Its stylesheet keeps text contrast
/// at 4.5:1 or more in light and dark schemes, never justifies, reflows down to phone widths
/// and at 200% zoom, and prints cleanly. Every piece of caption text is escaped.
public enum TranscriptHTMLWriter {
  /// Appends the page's UTF-8 bytes to `bytes`.
  public static func write(
    _ transcript: Transcript, options: TranscriptExportOptions, into bytes: inout [UInt8]
  ) {
    var page = Page(transcript: transcript, options: options)
    page.write()
    bytes.append(contentsOf: page.html.utf8)
  }

  /// The page as a string.
  public static func page(_ transcript: Transcript, options: TranscriptExportOptions) -> String {
    var page = Page(transcript: transcript, options: options)
    page.write()
    return page.html
  }

  /// The stylesheet: custom properties per colour scheme, print rules last.
  static let stylesheet = """
    :root{color-scheme:light dark;--bg:#fff;--fg:#1b1b1b;--link:#0b57d0;--sound:#6b4500;\
    --box:#f2f5fa;--edge:#2d5aa0;--focus:#b3261e}
    @media (prefers-color-scheme:dark){:root{--bg:#121212;--fg:#ececec;--link:#9cc3ff;\
    --sound:#f0c674;--box:#1b2330;--edge:#8ab4f8;--focus:#ffb4ab}}
    \(HTMLPageStyle.base)
    .page{max-width:44rem;margin:0 auto;padding:1rem 1rem 3rem}
    h1{font-size:1.75rem;line-height:1.25;margin:1.5rem 0 1rem}
    h2{font-size:1.3rem;line-height:1.3;margin:2rem 0 .75rem}
    p{margin:0 0 1rem}
    h1,h2,p,li{overflow-wrap:anywhere}
    a{color:var(--link);text-decoration:underline;text-underline-offset:.15em}
    a:focus-visible,main:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
    \(HTMLPageStyle.skipLink)
    nav ol{margin:0 0 1rem;padding-inline-start:1.5rem}
    .time{font-variant-numeric:tabular-nums;margin-inline-end:.5em;white-space:nowrap}
    .speaker,.label{font-weight:700}
    .sound{font-style:italic;color:var(--sound)}
    .description{border:2px solid var(--edge);border-inline-start-width:.4rem;\
    border-radius:.25rem;background:var(--box);padding:.6rem .9rem;margin:0 0 1rem}
    .description p{margin:0}
    @media print{:root{--bg:#fff;--fg:#000;--link:#000;--sound:#000;--box:#fff;--edge:#000}
    .skip,nav{display:none}body{font-size:11pt}.page{max-width:none;padding:0}
    a{text-decoration:none}p,.description{break-inside:avoid}h2{break-after:avoid}}
    """

  private struct Page {
    let transcript: Transcript
    let options: TranscriptExportOptions
    let labels: TranscriptLabels
    /// The `lang` attribute for labels, when they are not in the transcript's language.
    let labelLanguage: String?
    var html = ""

    init(transcript: Transcript, options: TranscriptExportOptions) {
      self.transcript = transcript
      self.options = options
      labels = TranscriptLabels(language: transcript.language)
      labelLanguage =
        labels.language == (transcript.language?.language ?? "en") ? nil : labels.language
      html.reserveCapacity(4096 + transcript.paragraphs.count * 200)
    }

    mutating func write() {
      let language = transcript.language?.rawValue ?? "en"
      html += "<!DOCTYPE html>\n<html lang=\""
      escape(language)
      html += "\" dir=\"\(transcript.direction.rawValue)\">\n<head>\n<meta charset=\"utf-8\">\n"
      html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      html += "<meta name=\"generator\" content=\"captionkit\">\n<title>"
      escape(options.title)
      html += "</title>\n<style>\n\(TranscriptHTMLWriter.stylesheet)\n</style>\n</head>\n<body>\n"
      html += "<a class=\"skip\" href=\"#transcript\"\(labelAttribute)>"
      escape(labels.skipToTranscript)
      html += "</a>\n<div class=\"page\">\n<header>\n<h1>"
      escape(options.title)
      html += "</h1>\n</header>\n"
      writeChapterList()
      html += "<main id=\"transcript\" tabindex=\"-1\">\n"
      var chapterNumber = 0
      for paragraph in transcript.paragraphs {
        switch paragraph.kind {
        case .chapter:
          chapterNumber += 1
          html += "<h2 id=\"chapter-\(chapterNumber)\">"
          escape(paragraph.text)
          html += "</h2>\n"
        case .description:
          writeDescription(paragraph)
        case .dialogue:
          writeDialogue(paragraph)
        }
      }
      html += "</main>\n</div>\n</body>\n</html>\n"
    }

    private var labelAttribute: String {
      labelLanguage.map { " lang=\"\($0)\"" } ?? ""
    }

    private mutating func writeChapterList() {
      let chapters = transcript.paragraphs.filter { $0.kind == .chapter }
      guard !chapters.isEmpty else { return }
      html += "<nav aria-labelledby=\"chapters-heading\">\n"
      html += "<h2 id=\"chapters-heading\"\(labelAttribute)>"
      escape(labels.chapters)
      html += "</h2>\n<ol>\n"
      for (index, chapter) in chapters.enumerated() {
        html += "<li><a href=\"#chapter-\(index + 1)\">"
        escape(chapter.text)
        html += "</a></li>\n"
      }
      html += "</ol>\n</nav>\n"
    }

    private mutating func writeDescription(_ paragraph: TranscriptParagraph) {
      html += "<div class=\"description\">\n<p>"
      writeTime(paragraph)
      html += "<span class=\"label\"\(labelAttribute)>"
      escape(labels.description)
      html += "</span> "
      escape(paragraph.text)
      html += "</p>\n</div>\n"
    }

    private mutating func writeDialogue(_ paragraph: TranscriptParagraph) {
      html += "<p>"
      writeTime(paragraph)
      if let speaker = paragraph.speaker {
        html += "<b class=\"speaker\"><bdi>"
        escape(speaker)
        html += "</bdi>:</b> "
      }
      var previous = ""
      for entry in paragraph.entries where !entry.text.isEmpty {
        html += TranscriptParagraph.separator(between: previous, and: entry.text)
        if entry.kind == .sound {
          html += "<span class=\"sound\">"
          escape(entry.text)
          html += "</span>"
        } else {
          escape(entry.text)
        }
        previous = entry.text
      }
      html += "</p>\n"
    }

    /// The paragraph's start: a link into the media when there is one, else text.
    private mutating func writeTime(_ paragraph: TranscriptParagraph) {
      guard let start = paragraph.range?.start else { return }
      let clock = TranscriptClock.display(start)
      if let link = options.mediaLink {
        html += "<a class=\"time\" dir=\"ltr\" href=\""
        escape(link)
        html += "#t=\(TranscriptClock.fragmentSeconds(start))\" aria-label=\""
        escape(labels.play(from: clock))
        html += "\">\(clock)</a> "
      } else {
        html += "<span class=\"time\" dir=\"ltr\">\(clock)</span> "
      }
    }

    /// Appends `text` escaped for HTML text and attribute values.
    private mutating func escape(_ text: String) {
      html.appendEscapedHTML(text)
    }
  }
}
