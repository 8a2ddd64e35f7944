public import CaptionCore

/// WebVTT cue text as a `CueTextMarkup`: the tree of a cue text kept as written is built by
/// the cue text parsing rules when asked for.
public final class WebVTTCueTextMarkup: CueTextMarkup {
  /// The one instance readers share.
  public static let shared = WebVTTCueTextMarkup()

  private init() {}

  public var writtenSyntax: WrittenCueSyntax { .webVTT }

  public func nodes(of text: String) -> [CueNode] {
    CueTextParser.parse(text).text.nodes
  }
}
