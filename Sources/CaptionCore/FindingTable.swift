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
/// cue's place, index, id and times, and two numbers; its message and hint are made from them
/// when read. A `Diagnostic` refers to one row.
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

  /// One finding: 80 bytes.
  package struct Row: Sendable {
    var values: FindingValues
    /// The cue's identifier; empty when it has none.
    var id: String
    var start: Int64
    var end: Int64
    var startTimescale: Int32
    var endTimescale: Int32
    /// Index in `rules`.
    var rule: Int32
    /// 1-based index of the cue in its track.
    var cue: Int32
    /// 0 when the cue has no place in a file.
    var line: Int32
    var column: Int32
    var offset: Int32

    /// The finding of rule `rule` (an index in the table's rules) about the cue at `index`
    /// (1-based) of its track, with that cue's identifier, times and place; nil when a number
    /// is too large for a row (a place past 2 GiB).
    package init?(
      rule: Int, id: String, start: MediaTime, end: MediaTime, location: SourceLocation?,
      index: Int, values: FindingValues
    ) {
      guard let rule = Int32(exactly: rule), let index = Int32(exactly: index),
        let line = Int32(exactly: location?.line ?? 0),
        let column = Int32(exactly: location?.column ?? 0),
        let offset = Int32(exactly: location?.offset ?? 0)
      else { return nil }
      self.values = values
      self.id = id
      self.start = start.value
      self.end = end.value
      startTimescale = start.timescale
      endTimescale = end.timescale
      self.rule = rule
      self.cue = index
      self.line = line
      self.column = column
      self.offset = offset
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

  /// A table of the rows in `chunks`, each of `chunkSize` rows but the last.
  package init(file: String?, track: String?, rules: [Rule], chunks: [[Row]]) {
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
    chunks[row / Self.chunkSize].withUnsafeBufferPointer { rows in
      let index = row % Self.chunkSize
      // Read field by field: a copy of the row would take a reference to its identifier.
      let line = rows[index].line
      let location =
        line > 0
        ? SourceLocation(
          line: Int(line), column: Int(rows[index].column), offset: Int(rows[index].offset))
        : nil
      return (Int(rows[index].rule), Int(rows[index].cue), rows[index].values, location)
    }
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
    // Read field by field in place: a copy of the row would take a reference to its
    // identifier, and a copy of its chunk one to the chunk.
    chunks[row / Self.chunkSize].withUnsafeBufferPointer { rows in
      let index = row % Self.chunkSize
      let line = rows[index].line
      guard line > 0 else { return nil }
      return SourceLocation(
        line: Int(line), column: Int(rows[index].column), offset: Int(rows[index].offset))
    }
  }

  func cue(of row: Int) -> CueReference {
    let finding = self.row(row)
    return CueReference(
      index: Int(finding.cue), id: finding.id.isEmpty ? nil : finding.id,
      start: MediaTime(value: finding.start, timescale: finding.startTimescale),
      end: MediaTime(value: finding.end, timescale: finding.endTimescale))
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
