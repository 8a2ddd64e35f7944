public import CaptionCore

/// `parse.srt`: a repair the lenient SRT reader made (error when content is dropped); emitted by the SRT reader.
public struct ParseSRTRule: Rule {
  public let id = "parse.srt"
  public let defaultSeverity = Severity.warning
  public let summary = "a repair the lenient SRT reader made (error when content is dropped)"
  public let needs: RuleNeeds = .external

  public init() {}
}
