public import CaptionCore

/// `hls.language`: an HLS rendition without a LANGUAGE, or with one that is not a BCP 47 tag;
/// emitted by the HLS package reader.
public struct HLSLanguageRule: Rule {
  public var id: String { "hls.language" }
  public var defaultSeverity: Severity { .error }
  public var summary: String {
    "an HLS rendition without a LANGUAGE, or with one that is not a BCP 47 tag"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
