public import CaptionCore

/// `convert.shift`: a cue that convert --shift moved or dropped at the start of the media; emitted by convert --shift.
public struct ConvertShiftRule: Rule {
  public var id: String { "convert.shift" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String {
    "a cue that convert --shift moved or dropped at the start of the media"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
