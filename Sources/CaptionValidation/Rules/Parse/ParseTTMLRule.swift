public import CaptionCore

/// `parse.ttml`: a TTML document is malformed XML or uses what the IMSC 1.1 Text reader cannot read; emitted by the TTML reader.
public struct ParseTTMLRule: Rule {
  public var id: String { "parse.ttml" }
  public var defaultSeverity: Severity { .error }
  public var summary: String {
    "a TTML document is malformed XML, has a time it cannot read, or uses what captionkit does "
      + "not keep"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
