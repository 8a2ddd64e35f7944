public import CaptionCore

/// `dash.accessibility`: DASH captions or audio description that players cannot find, for want of
/// Role or Accessibility descriptors; emitted by the DASH package reader.
public struct DASHAccessibilityRule: Rule {
  public var id: String { "dash.accessibility" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String {
    "DASH captions or audio description that players cannot find, for want of Role "
      + "or Accessibility descriptors"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
