public import CaptionCore

/// `hls.media-playlist`: a subtitle media playlist whose segments outlast its target duration, or a
/// finished playlist without EXT-X-ENDLIST; emitted by the HLS package reader.
public struct HLSMediaPlaylistRule: Rule {
  public var id: String { "hls.media-playlist" }
  public var defaultSeverity: Severity { .error }
  public var summary: String {
    "a subtitle media playlist whose segments outlast its target duration, or a "
      + "finished playlist without EXT-X-ENDLIST"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
