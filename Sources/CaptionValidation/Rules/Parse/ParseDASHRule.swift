public import CaptionCore

/// `parse.dash`: a problem the DASH manifest reader met: XML that is not well-formed, no MPD
/// element, a descriptor without its scheme, a duration that is not an xs:duration; emitted by the
/// DASH manifest reader.
public struct ParseDASHRule: Rule {
  public var id: String { "parse.dash" }
  public var defaultSeverity: Severity { .error }
  public var summary: String {
    "a problem the DASH manifest reader met: XML that is not well-formed, no MPD "
      + "element, a descriptor without its scheme, a duration that is not an "
      + "xs:duration"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
