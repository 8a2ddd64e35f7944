public import CaptionCore

/// `parse.webvtt`: a WebVTT file deviates from the W3C WebVTT syntax; emitted by the WebVTT reader.
public struct ParseWebVTTRule: Rule {
  public var id: String { "parse.webvtt" }
  public var defaultSeverity: Severity { .error }
  public var summary: String { "a WebVTT file deviates from the W3C WebVTT syntax" }
  public var needs: RuleNeeds { .external }

  public init() {}
}
