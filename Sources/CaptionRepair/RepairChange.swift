public import CaptionCore

/// One change a repair made to a track, or one it could not make: reported as a finding of
/// the rule it repairs, with `"fixed": true` when made.
public struct RepairChange: Sendable, Hashable {
  /// The id of the rule whose finding this repairs (`timing.overlap`, `readability.line-length`).
  public var rule: String
  /// The cue's index in the track as read (0-based); nil for a change to the whole file.
  public var cueIndex: Int?
  /// True when the change was made; false when it could not be, and `message` says why.
  public var fixed: Bool
  /// What was done, or why it could not be: "moved the end of cue 4 from 00:00:05.000 to
  /// 00:00:04.920".
  public var message: String
  /// Where in the input the finding repaired is, when it has a place of its own (a reader's
  /// finding); nil for the cue's place, or the file's start.
  public var location: SourceLocation?

  public init(
    rule: String, cueIndex: Int?, fixed: Bool = true, message: String,
    location: SourceLocation? = nil
  ) {
    self.rule = rule
    self.cueIndex = cueIndex
    self.fixed = fixed
    self.message = message
    self.location = location
  }
}
