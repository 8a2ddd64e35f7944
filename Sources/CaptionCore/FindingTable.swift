/// Two numbers a rule keeps with a finding, from which the finding's message and hint are
/// made when they are read (a rate and a duration, a length and a line number).
public struct FindingValues: Sendable, Hashable {
  public var first: Double
  public var second: Double

  public init(_ first: Double = 0, _ second: Double = 0) {
    self.first = first
    self.second = second
  }
}

/// The two parts of a finding's wording.
public enum FindingPart: Sendable {
  case message
  case hint
}

/// The findings of rules about the cues of one track, kept compact: for each, the rule, the
/// cue's index and two numbers, with the cue's place, id and times read from the track's cues
/// or kept beside the row; its message and hint are made from them when read. A `Diagnostic`
/// refers to one row.
package final class FindingTable: Sendable {
  /// How a rule words a part of a finding, given its numbers and the cue's index: it
  /// appends the part as UTF-8 and returns true, or returns false when the finding has no
  /// such part (no hint).
  package typealias Wording = @Sendable (FindingValues, Int, FindingPart, inout ByteBuffer) -> Bool

  /// A rule whose findings are rows: its id, severity, and how it words a finding.
  package struct Rule: Sendable {
    package var id: String
    package var severity: Severity
    package var describe: Wording

    package init(id: String, severity: Severity, describe: @escaping Wording) {
      self.id = id
      self.severity = severity
      self.describe = describe
    }
  }

  /// One finding: its rule, its cue and its two numbers, 24 bytes. The cue's identifier,
  /// times and place are read from the track's cues when the table keeps them, else from the
  /// finding's `Detail`.
  package struct Row: Sendable {
    var values: FindingValues
    /// Index in `rules`.
    var rule: Int32
    /// 1-based index of the cue in its track.
    var cue: Int32

    /// The finding of rule `rule` (an index in the table's rules) about the cue at `index`
    /// (1-based) of its track; nil when a number is too large for a row.
    package init?(rule: Int, index: Int, values: FindingValues) {
      guard let rule = Int32(exactly: rule), let index = Int32(exactly: index) else { return nil }
      self.values = values
      self.rule = rule
      self.cue = index
    }
  }

  /// What a finding's row does not hold of its cue, for a table that does not keep the cues:
  /// its identifier, times and place, 56 bytes.
  package struct Detail: Sendable {
    /// The cue's identifier; empty when it has none.
    var id: String
    var start: Int64
    var end: Int64
    var startTimescale: Int32
    var endTimescale: Int32
    /// 0 when the cue has no place in a file.
    var line: Int32
    var column: Int32
    var offset: Int32

    /// The identifier, times and place of a cue; nil when a number is too large (a place past
    /// 2 GiB).
    package init?(id: String, start: MediaTime, end: MediaTime, location: SourceLocation?) {
      guard let line = Int32(exactly: location?.line ?? 0),
        let column = Int32(exactly: location?.column ?? 0),
        let offset = Int32(exactly: location?.offset ?? 0)
      else { return nil }
      self.id = id
      self.start = start.value
      self.end = end.value
      startTimescale = start.timescale
      endTimescale = end.timescale
      self.line = line
      self.column = column
      self.offset = offset
    }

    var location: SourceLocation? {
      line > 0 ? SourceLocation(line: Int(line), column: Int(column), offset: Int(offset)) : nil
    }
  }

  /// Rows are kept in chunks of this many, so that a growing table is never copied whole.
  package static let chunkSize = 4096

  package let file: String?
  /// The UTF-8 of `file`, kept so that reports append it without taking a reference to the
  /// string, which every finding of the track shares.
  private let fileUTF8: [UInt8]
  package let track: String?
  private let rules: [Rule]
  /// Each rule's wording, kept by `wordings` and read through `wordingRefs` without taking a
  /// reference per finding worded (which two threads wording one table would contend for).
  private let wordings: [WordingBox]
  private let wordingRefs: [Unmanaged<WordingBox>]

  private final class WordingBox: Sendable {
    let describe: Wording

    init(_ describe: @escaping Wording) {
      self.describe = describe
    }
  }
  /// The UTF-8 of the rules' ids one after the other, and where each one is, kept so that
  /// reports append an id without making a string.
  private let ruleIDBytes: [UInt8]
  private let ruleIDRanges: [Range<Int>]
  /// The rows, in chunks of `chunkSize` (the last one may be shorter).
  private let chunks: [[Row]]
  /// Each row's cue details, in the same chunks; empty when `cues` is given.
  private let details: [[Detail]]
  /// The track's cues, which the rows' cue indexes point into; nil when `details` holds
  /// what the findings need of them.
  private let cues: [Cue]?

  /// A table of the rows in `chunks`, each of `chunkSize` rows but the last, with what they
  /// need of their cues read from `cues` (the track's cues, which the table then keeps) or,
  /// when that is nil, from `details`, chunked the same way.
  package init(
    file: String?, track: String?, rules: [Rule], chunks: [[Row]], details: [[Detail]] = [],
    cues: [Cue]? = nil
  ) {
    precondition(cues != nil || details.map(\.count) == chunks.map(\.count))
    self.file = file
    fileUTF8 = file.map { Array($0.utf8) } ?? []
    self.track = track
    self.rules = rules
    wordings = rules.map { WordingBox($0.describe) }
    wordingRefs = wordings.map { Unmanaged.passUnretained($0) }
    var idBytes: [UInt8] = []
    var idRanges: [Range<Int>] = []
    for rule in rules {
      let start = idBytes.count
      idBytes += rule.id.utf8
      idRanges.append(start..<idBytes.count)
    }
    ruleIDBytes = idBytes
    ruleIDRanges = idRanges
    self.chunks = chunks
    self.details = details
    self.cues = cues
  }

  private func row(_ index: Int) -> Row {
    chunks[index / Self.chunkSize][index % Self.chunkSize]
  }

  func ruleID(of row: Int) -> String {
    rules[Int(chunks[row / Self.chunkSize][row % Self.chunkSize].rule)].id
  }

  package func severity(of row: Int) -> Severity {
    let rule = chunks[row / Self.chunkSize].withUnsafeBufferPointer {
      Int($0[row % Self.chunkSize].rule)
    }
    return severity(ofRule: rule)
  }

  /// Appends the id of the rule of the finding in `row` to `bytes`.
  package func appendRuleID(of row: Int, to bytes: inout ByteBuffer) {
    let range = ruleIDRanges[Int(chunks[row / Self.chunkSize][row % Self.chunkSize].rule)]
    ruleIDBytes.withUnsafeBufferPointer { bytes.append(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// Appends the file's name to `bytes`; false, appending nothing, when there is none.
  package func appendFile(to bytes: inout ByteBuffer) -> Bool {
    guard file != nil else { return false }
    fileUTF8.withUnsafeBufferPointer { bytes.append($0) }
    return true
  }

  /// Appends `part` of the finding in `row` to `bytes`; false when it has no such part.
  package func append(_ part: FindingPart, of row: Int, to bytes: inout ByteBuffer) -> Bool {
    let chunk = row / Self.chunkSize
    let index = row % Self.chunkSize
    let values = chunks[chunk][index].values
    let cue = Int(chunks[chunk][index].cue)
    return rules[Int(chunks[chunk][index].rule)].describe(values, cue, part, &bytes)
  }

  /// `part` of the finding in `row` as a string; nil when it has no such part.
  func string(_ part: FindingPart, of row: Int) -> String? {
    var bytes = ByteBuffer(capacity: 128)
    return append(part, of: row, to: &bytes) ? bytes.string : nil
  }

  /// The rule (an index in the table's rules), cue index, numbers and place of the finding
  /// in `row`, read in one look-up of its chunk.
  fileprivate func parts(of row: Int)
    -> (rule: Int, cue: Int, values: FindingValues, location: SourceLocation?)
  {
    let (rule, cue, values) = chunks[row / Self.chunkSize].withUnsafeBufferPointer { rows in
      let index = row % Self.chunkSize
      return (Int(rows[index].rule), Int(rows[index].cue), rows[index].values)
    }
    return (rule, cue, values, location(of: row, cue: cue))
  }

  fileprivate func severity(ofRule rule: Int) -> Severity {
    rules.withUnsafeBufferPointer { $0[rule].severity }
  }

  fileprivate func appendID(ofRule rule: Int, to bytes: inout ByteBuffer) {
    let range = ruleIDRanges[rule]
    ruleIDBytes.withUnsafeBufferPointer { bytes.append(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  fileprivate func append(
    _ part: FindingPart, rule: Int, values: FindingValues, cue: Int, to bytes: inout ByteBuffer
  ) -> Bool {
    wordingRefs.withUnsafeBufferPointer { refs in
      refs[rule]._withUnsafeGuaranteedRef { $0.describe(values, cue, part, &bytes) }
    }
  }

  package func location(of row: Int) -> SourceLocation? {
    let cue = chunks[row / Self.chunkSize].withUnsafeBufferPointer {
      Int($0[row % Self.chunkSize].cue)
    }
    return location(of: row, cue: cue)
  }

  /// The place of the finding in `row`, about the cue at `cue` (1-based): its cue's place.
  private func location(of row: Int, cue: Int) -> SourceLocation? {
    // Read in place: a copy of a cue or a detail would take a reference to its identifier,
    // and a copy of a chunk one to the chunk.
    if let cues {
      return cues.withUnsafeBufferPointer { $0.location(at: cue - 1) }
    }
    return details[row / Self.chunkSize].withUnsafeBufferPointer {
      $0[row % Self.chunkSize].location
    }
  }

  func cue(of row: Int) -> CueReference {
    let index = Int(self.row(row).cue)
    if let cues { return cues[index - 1].reference(index: index) }
    let detail = details[row / Self.chunkSize][row % Self.chunkSize]
    return CueReference(
      index: index, id: detail.id.isEmpty ? nil : detail.id,
      start: MediaTime(value: detail.start, timescale: detail.startTimescale),
      end: MediaTime(value: detail.end, timescale: detail.endTimescale))
  }
}

/// A finding kept as a row of a table, for reading its parts without going through its
/// `Diagnostic` (which takes the table anew for each part). The row's numbers are read once,
/// when it is made: each part then costs no further look-up in the table's chunks. It takes
/// no reference to its table (a count per finding worded), so it must not outlive the
/// `Diagnostic` it was read from, which keeps the table.
package struct FindingRow {
  private let table: Unmanaged<FindingTable>
  package let row: Int
  private let rule: Int
  private let cue: Int
  private let values: FindingValues
  package let location: SourceLocation?

  package init(table: FindingTable, row: Int) {
    self.table = Unmanaged.passUnretained(table)
    self.row = row
    (rule, cue, values, location) = table.parts(of: row)
  }

  package var severity: Severity {
    table._withUnsafeGuaranteedRef { $0.severity(ofRule: rule) }
  }

  package func appendFile(to bytes: inout ByteBuffer) -> Bool {
    table._withUnsafeGuaranteedRef { $0.appendFile(to: &bytes) }
  }

  package func append(_ part: FindingPart, to bytes: inout ByteBuffer) -> Bool {
    table._withUnsafeGuaranteedRef {
      $0.append(part, rule: rule, values: values, cue: cue, to: &bytes)
    }
  }

  package func appendRule(to bytes: inout ByteBuffer) {
    table._withUnsafeGuaranteedRef { $0.appendID(ofRule: rule, to: &bytes) }
  }
}
