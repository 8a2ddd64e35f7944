public import CaptionCore

/// Reads chapters from a chapters track (`movie.chapters.vtt`): each cue is one chapter, its
/// title the cue's visible text on one line.
public enum ChapterReader {
  /// The chapters of the chapters file at `path`, with the reader's findings.
  public static func read(
    path: String, reader: CaptionFileReader = CaptionFileReader()
  ) throws(CaptionFileReader.Failure) -> (chapters: [Chapter], diagnostics: [Diagnostic]) {
    let result = try reader.read(path: path)
    return (chapters(of: result.track), result.diagnostics)
  }

  /// One chapter per cue, in the track's order; a cue without visible text gives a chapter
  /// without a title.
  public static func chapters(of track: Track) -> [Chapter] {
    track.cues.map { cue in
      Chapter(start: cue.start, end: cue.end, title: title(of: cue.text.visibleText))
    }
  }

  /// The text with its lines joined by a space and surrounding white space removed.
  private static func title(of text: String) -> String? {
    let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
      .map { $0.trimmingWhiteSpace() }
      .filter { !$0.isEmpty }
    return lines.isEmpty ? nil : lines.joined(separator: " ")
  }
}

extension Substring {
  fileprivate func trimmingWhiteSpace() -> Substring {
    var trimmed = self
    while let first = trimmed.first, first.isWhitespace { trimmed.removeFirst() }
    while let last = trimmed.last, last.isWhitespace { trimmed.removeLast() }
    return trimmed
  }
}
