public import CaptionCore

/// `convert.shift`: a cue that convert --shift moved or dropped at the start of the media; emitted by convert --shift.
public struct ConvertShiftRule: Rule {
  public let id = "convert.shift"
  public let defaultSeverity = Severity.warning
  public let summary = "a cue that convert --shift moved or dropped at the start of the media"
  public let needs: RuleNeeds = .external

  public init() {}
}
