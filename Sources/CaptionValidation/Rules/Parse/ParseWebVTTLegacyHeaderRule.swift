public import CaptionCore

/// `parse.webvtt-legacy-header`: `Kind:`/`Language:` lines under the `WEBVTT` line, the
/// header of WebVTT's early drafts; emitted by the WebVTT reader.
public struct ParseWebVTTLegacyHeaderRule: Rule {
  public var id: String { "parse.webvtt-legacy-header" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String {
    "legacy header lines (Kind:, Language:) under the WEBVTT line, which WebVTT no longer has"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
