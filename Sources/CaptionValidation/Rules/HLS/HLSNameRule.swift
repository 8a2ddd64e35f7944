public import CaptionCore

/// `hls.name`: an HLS rendition NAME shared by two renditions of a group, or made by a tool rather
/// than for viewers; emitted by the HLS package reader.
public struct HLSNameRule: Rule {
  public var id: String { "hls.name" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String {
    "an HLS rendition NAME shared by two renditions of a group, or made by a tool "
      + "rather than for viewers"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
