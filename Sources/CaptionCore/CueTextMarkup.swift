/// A markup syntax cue text is written in (WebVTT cue text, SRT tags): builds the tree of a
/// raw text on demand, so that a reader can keep only the text as written.
public protocol CueTextMarkup: AnyObject, Sendable {
  /// The top-level nodes of `text`, as the format's reader builds them.
  func nodes(of text: String) -> [CueNode]
}
