public import CaptionCore

/// SRT cue text markup (`<i>`, `<b>`, `<u>`, `<font color>`, `{\anN}`) as a `CueTextMarkup`:
/// the tree of a cue text kept as written is built when asked for.
public final class SRTCueTextMarkup: CueTextMarkup {
  /// The one instance readers share.
  public static let shared = SRTCueTextMarkup()

  private init() {}

  public var writtenSyntax: WrittenCueSyntax { .srt }

  public func nodes(of text: String) -> [CueNode] {
    var text = text
    return text.withUTF8 { SRTMarkup($0, cue: "cue").text.nodes }
  }
}
