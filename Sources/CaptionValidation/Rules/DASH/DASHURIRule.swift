public import CaptionCore

/// `dash.uri`: an address in a DASH manifest that is not read: remote, outside the package folder,
/// or missing (a segment its template names included); emitted by the DASH package reader.
public struct DASHURIRule: Rule {
  public var id: String { "dash.uri" }
  public var defaultSeverity: Severity { .error }
  public var summary: String {
    "an address in a DASH manifest that is not read: remote, outside the package "
      + "folder, or missing"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
