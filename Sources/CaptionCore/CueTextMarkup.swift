/// A markup syntax cue text is written in (WebVTT cue text, SRT tags): builds the tree of a
/// raw text on demand, so that a reader can keep only the text as written.
public protocol CueTextMarkup: AnyObject, Sendable {
  /// The top-level nodes of `text`, as the format's reader builds them.
  func nodes(of text: String) -> [CueNode]

  /// The syntax the text is written in, for code that reads the written text itself without
  /// building its tree (the readability rules count its visible characters).
  var writtenSyntax: WrittenCueSyntax { get }
}

/// The syntaxes cue text is written in that can be read without building a tree.
public enum WrittenCueSyntax: Sendable {
  /// WebVTT cue text: tags in `<>`, character references.
  case webVTT
  /// SRT text: `<i>`, `<b>`, `<u>`, `<font>` tags and `{\anN}` overrides.
  case srt
  /// Another syntax: its tree is built to read it.
  case other
}

extension CueTextMarkup {
  public var writtenSyntax: WrittenCueSyntax { .other }
}
