/// How serious a finding is.
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
  /// Players reject it, content is lost, or an accessibility requirement fails.
  case error
  /// It plays, but is probably wrong.
  case warning
  /// Information.
  case remark

  private var rank: Int {
    switch self {
    case .error: return 2
    case .warning: return 1
    case .remark: return 0
    }
  }

  /// Orders by seriousness: `remark < warning < error`.
  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// The cue a diagnostic is about.
public struct CueReference: Sendable, Hashable {
  /// 1-based position of the cue in its track.
  public var index: Int
  /// The cue identifier, or nil when the cue has none.
  public var id: String?
  public var start: MediaTime
  public var end: MediaTime

  public init(index: Int, id: String?, start: MediaTime, end: MediaTime) {
    self.index = index
    self.id = id
    self.start = start
    self.end = end
  }
}

/// One finding about an input: its rule, severity, a one-phrase message, where it is, and
/// optionally how to fix it.
public struct Diagnostic: Sendable, Hashable {
  /// The rule id, such as `parse.webvtt` or `readability.cps`.
  public var rule: String
  public var severity: Severity
  /// One phrase, lowercase, no final period, naming the cue and the values.
  public var message: String
  /// The file the finding is in, as given by the user.
  public var file: String?
  /// The id of the track the finding is in, when tracks are numbered in a report.
  public var track: String?
  public var location: SourceLocation?
  public var cue: CueReference?
  /// How to fix it.
  public var hint: String?

  public init(
    rule: String, severity: Severity, message: String, file: String? = nil,
    track: String? = nil, location: SourceLocation? = nil, cue: CueReference? = nil,
    hint: String? = nil
  ) {
    self.rule = rule
    self.severity = severity
    self.message = message
    self.file = file
    self.track = track
    self.location = location
    self.cue = cue
    self.hint = hint
  }

  /// The compiler-style line editors and CI understand:
  /// `movie.vtt:14:1: warning: cue 6 … [readability.cps]`.
  public var compilerStyle: String {
    var prefix = file ?? "<input>"
    if let location {
      prefix += ":\(location.line):\(location.column)"
    }
    return "\(prefix): \(severity.rawValue): \(message) [\(rule)]"
  }
}
