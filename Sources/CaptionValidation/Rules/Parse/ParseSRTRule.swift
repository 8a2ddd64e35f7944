public import CaptionCore

/// `parse.srt`: a repair the lenient SRT reader made (error when content is dropped); emitted by the SRT reader.
public struct ParseSRTRule: Rule {
  public var id: String { "parse.srt" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String {
    "a repair the lenient SRT reader made (error when content is dropped)"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
