public import CaptionCore

/// `dash.language`: a DASH text or audio adaptation set without lang, with und, or with a lang that
/// is not a BCP 47 tag; emitted by the DASH package reader.
public struct DASHLanguageRule: Rule {
  public var id: String { "dash.language" }
  public var defaultSeverity: Severity { .error }
  public var summary: String {
    "a DASH text or audio adaptation set without lang, with und, or with a lang "
      + "that is not a BCP 47 tag"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
