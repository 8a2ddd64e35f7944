public import CaptionCore

/// `parse.ass`: a problem the ASS/SSA reader met (error when an event is dropped); emitted by the ASS reader.
public struct ParseASSRule: Rule {
  public var id: String { "parse.ass" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String {
    "a problem the ASS/SSA reader met in a script's sections, styles or events (error when an "
      + "event is dropped)"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
