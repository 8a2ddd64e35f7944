public import CaptionCore

/// `convert.lossy`: something the output format of a conversion cannot carry; emitted by the track writers.
public struct ConvertLossyRule: Rule {
  public var id: String { "convert.lossy" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "something the output format of a conversion cannot carry" }
  public var needs: RuleNeeds { .external }

  public init() {}
}
