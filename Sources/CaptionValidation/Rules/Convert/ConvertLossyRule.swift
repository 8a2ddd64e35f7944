public import CaptionCore

/// `convert.lossy`: something the output format of a conversion cannot carry; emitted by the track writers.
public struct ConvertLossyRule: Rule {
  public let id = "convert.lossy"
  public let defaultSeverity = Severity.warning
  public let summary = "something the output format of a conversion cannot carry"
  public let needs: RuleNeeds = .external

  public init() {}
}
