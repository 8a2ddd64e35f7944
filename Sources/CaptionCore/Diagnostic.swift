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
///
/// A diagnostic is small: its fields are kept in a shared box, or, for the findings a rule
/// makes on many cues, as a row of a `FindingTable` whose message and hint are made when
/// they are read. A report of a finding on every cue of a large file then holds a few numbers
/// per finding rather than two strings.
public struct Diagnostic: Sendable, Hashable {
  private enum Storage: Sendable {
    case fields(Fields)
    case row(FindingTable, Int)
  }

  /// The fields of a diagnostic made whole; never changed (a change makes a new box).
  private final class Fields: Sendable {
    let rule: String
    let severity: Severity
    let message: String
    let file: String?
    let track: String?
    let location: SourceLocation?
    let cue: CueReference?
    let hint: String?
    let losesText: Bool

    init(
      rule: String, severity: Severity, message: String, file: String?, track: String?,
      location: SourceLocation?, cue: CueReference?, hint: String?, losesText: Bool
    ) {
      self.rule = rule
      self.severity = severity
      self.message = message
      self.file = file
      self.track = track
      self.location = location
      self.cue = cue
      self.hint = hint
      self.losesText = losesText
    }
  }

  private var storage: Storage

  public init(
    rule: String, severity: Severity, message: String, file: String? = nil,
    track: String? = nil, location: SourceLocation? = nil, cue: CueReference? = nil,
    hint: String? = nil, losesText: Bool = false
  ) {
    storage = .fields(
      Fields(
        rule: rule, severity: severity, message: message, file: file, track: track,
        location: location, cue: cue, hint: hint, losesText: losesText))
  }

  /// The finding in row `row` of `table`.
  package init(table: FindingTable, row: Int) {
    storage = .row(table, row)
  }

  /// The rule id, such as `parse.webvtt` or `readability.cps`.
  public var rule: String {
    get {
      switch storage {
      case .fields(let fields): return fields.rule
      case .row(let table, let row): return table.ruleID(of: row)
      }
    }
    set { change { $0.rule = newValue } }
  }

  public var severity: Severity {
    get {
      switch storage {
      case .fields(let fields): return fields.severity
      case .row(let table, let row): return table.severity(of: row)
      }
    }
    set { change { $0.severity = newValue } }
  }

  /// One phrase, lowercase, no final period, naming the cue and the values.
  public var message: String {
    get {
      switch storage {
      case .fields(let fields): return fields.message
      case .row(let table, let row): return table.string(.message, of: row) ?? ""
      }
    }
    set { change { $0.message = newValue } }
  }

  /// The file the finding is in, as given by the user.
  public var file: String? {
    get {
      switch storage {
      case .fields(let fields): return fields.file
      case .row(let table, _): return table.file
      }
    }
    set { change { $0.file = newValue } }
  }

  /// The id of the track the finding is in, when tracks are numbered in a report.
  public var track: String? {
    get {
      switch storage {
      case .fields(let fields): return fields.track
      case .row(let table, _): return table.track
      }
    }
    set { change { $0.track = newValue } }
  }

  public var location: SourceLocation? {
    get {
      switch storage {
      case .fields(let fields): return fields.location
      case .row(let table, let row): return table.location(of: row)
      }
    }
    set { change { $0.location = newValue } }
  }

  public var cue: CueReference? {
    get {
      switch storage {
      case .fields(let fields): return fields.cue
      case .row(let table, let row): return table.cue(of: row)
      }
    }
    set { change { $0.cue = newValue } }
  }

  /// How to fix it.
  public var hint: String? {
    get {
      switch storage {
      case .fields(let fields): return fields.hint
      case .row(let table, let row): return table.string(.hint, of: row)
      }
    }
    set { change { $0.hint = newValue } }
  }

  /// True when a reader says with this finding that it left text of the file out of the
  /// track: a cue whose timing it cannot read, text outside any cue, an element or a byte
  /// pair it could not place. A copy written from the track would lose that text, so `fix`
  /// and `sync` write none while there is such a finding. Findings of rules are never so.
  public var losesText: Bool {
    get {
      switch storage {
      case .fields(let fields): return fields.losesText
      case .row: return false
      }
    }
    set { change { $0.losesText = newValue } }
  }

  /// The number of errors, warnings and remarks in `list`, read in place (a copy of each
  /// finding would take a reference to its table).
  package static func severityCounts(in list: [Diagnostic]) -> (
    errors: Int, warnings: Int, remarks: Int
  ) {
    var counts = (errors: 0, warnings: 0, remarks: 0)
    list.withUnsafeBufferPointer { buffer in
      for index in buffer.indices {
        let severity: Severity
        switch buffer[index].storage {
        case .fields(let fields): severity = fields.severity
        case .row(let table, let row): severity = table.severity(of: row)
        }
        switch severity {
        case .error: counts.errors += 1
        case .warning: counts.warnings += 1
        case .remark: counts.remarks += 1
        }
      }
    }
    return counts
  }

  /// True when every finding of `list` is in the track with id `id`. Read in place, each
  /// table of findings looked at once.
  package static func all(_ list: [Diagnostic], inTrack id: String) -> Bool {
    list.withUnsafeBufferPointer { buffer in
      var checked: FindingTable?
      for index in buffer.indices {
        switch buffer[index].storage {
        case .fields(let fields):
          if fields.track != id { return false }
        case .row(let table, _):
          if table === checked { continue }
          if table.track != id { return false }
          checked = table
        }
      }
      return true
    }
  }

  /// True when no finding of `list` is placed before the one ahead of it
  /// (`SourceLocation.precedes`). Read in place, each place once.
  package static func areInOrder(_ list: [Diagnostic]) -> Bool {
    areInOrder(list[...])
  }

  /// True when the findings of `list` are in the order of their places, those without one
  /// first, read in place.
  package static func areInOrder(_ list: ArraySlice<Diagnostic>) -> Bool {
    list.withUnsafeBufferPointer { buffer in
      var previous: SourceLocation?
      for index in buffer.indices {
        let location: SourceLocation?
        switch buffer[index].storage {
        case .fields(let fields): location = fields.location
        case .row(let table, let row): location = table.location(of: row)
        }
        if index > 0, SourceLocation.precedes(location, previous) { return false }
        previous = location
      }
      return true
    }
  }

  /// Appends the file's name as UTF-8 to `bytes`; false, appending nothing, when there is
  /// none.
  package func appendFile(to bytes: inout ByteBuffer) -> Bool {
    switch storage {
    case .fields(let fields):
      guard let file = fields.file else { return false }
      bytes.appendUTF8(file)
      return true
    case .row(let table, _):
      return table.appendFile(to: &bytes)
    }
  }

  /// The row the finding is kept in, when it is one of a table's.
  package var findingRow: FindingRow? {
    guard case .row(let table, let row) = storage else { return nil }
    return FindingRow(table: table, row: row)
  }

  /// Appends the rule's id as UTF-8 to `bytes` (for a finding kept as a row, without making
  /// a string).
  package func appendRule(to bytes: inout ByteBuffer) {
    switch storage {
    case .fields(let fields): bytes.appendUTF8(fields.rule)
    case .row(let table, let row): table.appendRuleID(of: row, to: &bytes)
    }
  }

  /// Appends `part` of the wording as UTF-8 to `bytes` (for a finding kept as a row,
  /// without making a string); false, appending nothing, when there is no hint.
  public func append(_ part: FindingPart, to bytes: inout ByteBuffer) -> Bool {
    switch storage {
    case .fields(let fields):
      switch part {
      case .message:
        bytes.appendUTF8(fields.message)
        return true
      case .hint:
        guard let hint = fields.hint else { return false }
        bytes.appendUTF8(hint)
        return true
      }
    case .row(let table, let row):
      return table.append(part, of: row, to: &bytes)
    }
  }

  /// The fields as values, for a change or a comparison.
  private struct Values: Hashable {
    var rule: String
    var severity: Severity
    var message: String
    var file: String?
    var track: String?
    var location: SourceLocation?
    var cue: CueReference?
    var hint: String?
    var losesText: Bool
  }

  private var values: Values {
    switch storage {
    case .fields(let f):
      return Values(
        rule: f.rule, severity: f.severity, message: f.message, file: f.file, track: f.track,
        location: f.location, cue: f.cue, hint: f.hint, losesText: f.losesText)
    case .row(let table, let row):
      return Values(
        rule: table.ruleID(of: row), severity: table.severity(of: row),
        message: table.string(.message, of: row) ?? "", file: table.file,
        track: table.track, location: table.location(of: row), cue: table.cue(of: row),
        hint: table.string(.hint, of: row), losesText: false)
    }
  }

  private mutating func change(_ edit: (inout Values) -> Void) {
    var copy = values
    edit(&copy)
    storage = .fields(
      Fields(
        rule: copy.rule, severity: copy.severity, message: copy.message, file: copy.file,
        track: copy.track, location: copy.location, cue: copy.cue, hint: copy.hint,
        losesText: copy.losesText))
  }

  public static func == (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
    lhs.values == rhs.values
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(values)
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
