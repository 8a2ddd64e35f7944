/// One WCAG 2.2 success criterion judged for one media: its status and why.
public struct WCAGVerdict: Sendable, Hashable {
  public enum Status: String, Sendable, Hashable {
    case pass
    case fail
    case unknown
    case notApplicable = "not-applicable"
  }

  /// `1.2.2`.
  public var criterion: String
  /// `A`, `AA` or `AAA`.
  public var level: String
  /// The criterion's short name (`Captions (Prerecorded)`).
  public var title: String
  public var status: Status
  /// One sentence: what decided the status.
  public var evidence: String
  /// The report ids of the tracks the evidence rests on.
  public var tracks: [String]
  /// The rules whose findings decided the status.
  public var rules: [String]

  public init(
    criterion: String, level: String, title: String, status: Status, evidence: String,
    tracks: [String] = [], rules: [String] = []
  ) {
    self.criterion = criterion
    self.level = level
    self.title = title
    self.status = status
    self.evidence = evidence
    self.tracks = tracks
    self.rules = rules
  }
}
