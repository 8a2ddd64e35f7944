public import CaptionCore

/// `parse.webvtt`: a WebVTT file deviates from the W3C WebVTT syntax; emitted by the WebVTT reader.
public struct ParseWebVTTRule: Rule {
  public let id = "parse.webvtt"
  public let defaultSeverity = Severity.error
  public let summary = "a WebVTT file deviates from the W3C WebVTT syntax"
  public let needs: RuleNeeds = .external

  public init() {}
}
