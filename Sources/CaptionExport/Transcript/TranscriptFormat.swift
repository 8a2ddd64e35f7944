public import CaptionCore

/// The formats a transcript is written in.
public enum TranscriptFormat: String, Sendable, Hashable, CaseIterable {
  case html
  case markdown = "md"
  case text = "txt"
  case json

  /// The format a name given by users stands for (`html`, `md`, `markdown`, `txt`, `text`,
  /// `json`; any case).
  public init?(name: String) {
    switch name.lowercased() {
    case "html", "htm": self = .html
    case "md", "markdown": self = .markdown
    case "txt", "text": self = .text
    case "json": self = .json
    default: return nil
    }
  }

  /// The format a file's extension stands for; nil for another extension.
  public init?(path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    self.init(name: String(path[path.index(after: dot)...]))
  }

  /// Appends `transcript` in this format to `bytes`.
  public func write(
    _ transcript: Transcript, options: TranscriptExportOptions, into bytes: inout [UInt8]
  ) {
    switch self {
    case .html: TranscriptHTMLWriter.write(transcript, options: options, into: &bytes)
    case .markdown: TranscriptMarkdownWriter.write(transcript, options: options, into: &bytes)
    case .text: TranscriptTextWriter.write(transcript, options: options, into: &bytes)
    case .json: TranscriptJSONWriter.write(transcript, options: options, into: &bytes)
    }
  }
}
