public import CaptionCore

/// `dash.role`: a DASH text adaptation set without a Role of urn:mpeg:dash:role:2011, or with a
/// value that scheme does not define; emitted by the DASH package reader.
public struct DASHRoleRule: Rule {
  public var id: String { "dash.role" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String {
    "a DASH text adaptation set without a Role of urn:mpeg:dash:role:2011, or with "
      + "a value that scheme does not define"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
