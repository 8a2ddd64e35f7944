public import CaptionCore

/// Where rules put what they find: each finding gets the running rule's id and effective
/// severity and the track's file and id.
///
/// Findings about a cue are kept compact (the rule, the cue's index, the message and the
/// hint) and become `Diagnostic`s once, at the end of the pass, so that a track with a
/// finding on every cue does not hold two large lists at once.
public struct Findings: Sendable {
  /// A finding about the cue at `cue` (1-based) of the track, with its message and hint, and
  /// the index of its rule in `writtenRules`.
  private struct WrittenFinding: Sendable {
    var cue: Int
    var message: String
    var hint: String?
    var rule: Int
  }

  private var written: [WrittenFinding] = []
  /// The findings of `CompactCueRule`s about cues, as rows of the table, in chunks.
  private var rows: [[FindingTable.Row]] = []
  /// Each row's cue identifier, times and place, in the same chunks; empty when the table
  /// reads them from the track's cues (`readsCues`).
  private var details: [[FindingTable.Detail]] = []
  /// The number of rows in the last chunk of `rows`.
  private var rowsInLastChunk = 0
  /// For each finding about a cue, in the order found: true for a row, false when written.
  private var isRow: [Bool] = []
  private var otherFindings: [Diagnostic] = []
  /// The places of the findings about cues, followed as they are added.
  private(set) var cuePlaces = CuePlaces()
  /// The rules that may run, with their severities from the profile.
  private var rules: [(id: String, severity: Severity)] = [("", .warning)]
  /// The index in `rules` of the rule running now.
  private var current = 0
  /// Every list given to `prepare(_:)`, one after the other.
  private var writtenRules: [(id: String, severity: Severity)] = []
  /// Where the rules of the last `prepare(_:)` start in `writtenRules`.
  private var writtenBase = 0
  /// The rules whose findings are rows, as the table lists them.
  private var tableRules: [FindingTable.Rule] = []
  /// For each rule of `rules`, its index in `tableRules` once it has made a row.
  private var tableIndex: [Int?] = [nil]
  private let file: String?
  private let track: String?
  /// True when the findings about cues read their cue's identifier, times and place from the
  /// track's cues, and keep the cues for it, rather than keeping a copy of them each.
  private let readsCues: Bool

  /// Findings about the track `track` of `file`; with `readsCues`, those about a cue keep the
  /// track's cues instead of a copy of what they need of their cue (see
  /// `Validator.findingsKeepCues`).
  public init(file: String? = nil, track: String? = nil, readsCues: Bool = false) {
    self.file = file
    self.track = track
    self.readsCues = readsCues
  }

  /// Lists the rules that may run; `begin(_:)` then picks one by its index.
  mutating func prepare(_ rules: [(id: String, severity: Severity)]) {
    self.rules = rules.isEmpty ? [("", .warning)] : rules
    tableIndex = Array(repeating: nil, count: self.rules.count)
    writtenBase = writtenRules.count
    writtenRules += self.rules
  }

  /// Starts collecting for the rule at `index` in the list given to `prepare(_:)`.
  @inline(__always)
  mutating func begin(_ index: Int) {
    current = index
  }

  /// Adds a finding about a cue, at the cue's place in the file.
  public mutating func add(_ message: String, cue: CueInput, hint: String? = nil) {
    cuePlaces.note(cue)
    written.append(
      WrittenFinding(cue: cue.index, message: message, hint: hint, rule: writtenBase + current))
    isRow.append(false)
  }

  /// Adds a finding of `rule` about a cue, at the cue's place in the file, kept as `values`:
  /// `rule` words it when it is read (`CompactCueRule.word(_:of:cue:in:to:)`), with what it
  /// knows of `track` now (its cues left out).
  public mutating func add<R: CompactCueRule>(
    cue: CueInput, values: FindingValues, by rule: R, in track: TrackInput
  ) {
    let index: Int
    if let known = tableIndex[current] {
      index = known
    } else {
      var lean = track
      lean.track.cues = []
      let context = lean
      let (id, severity) = rules[current]
      tableRules.append(
        FindingTable.Rule(id: id, severity: severity) { values, cue, part, bytes in
          rule.word(part, of: values, cue: cue, in: context, to: &bytes)
        })
      index = tableRules.count - 1
      tableIndex[current] = index
    }
    var detail: FindingTable.Detail?
    if !readsCues {
      detail = FindingTable.Detail(
        id: cue.cueID, start: cue.start, end: cue.end, location: cue.cueLocation)
    }
    guard let row = FindingTable.Row(rule: index, index: cue.index, values: values),
      readsCues || detail != nil
    else {
      // A place too far into the file for a row: worded now.
      let text = rule.wording(values, cue: cue.index, in: track)
      add(text.message, cue: cue, hint: text.hint)
      return
    }
    if rowsInLastChunk == FindingTable.chunkSize || rows.isEmpty {
      rows.append([])
      rows[rows.count - 1].reserveCapacity(FindingTable.chunkSize)
      if !readsCues {
        details.append([])
        details[details.count - 1].reserveCapacity(FindingTable.chunkSize)
      }
      rowsInLastChunk = 0
    }
    cuePlaces.note(cue)
    rows[rows.count - 1].append(row)
    if let detail { details[details.count - 1].append(detail) }
    rowsInLastChunk += 1
    isRow.append(true)
  }

  /// Adds a finding about the track, or at a place given.
  public mutating func add(
    _ message: String, location: SourceLocation? = nil, cue: CueReference? = nil,
    hint: String? = nil
  ) {
    add(message, file: file, location: location, cue: cue, hint: hint)
  }

  /// Adds a finding in another file than the track's (a context rule's finding about one
  /// of several tracks, or about the media).
  public mutating func add(
    _ message: String, file: String?, location: SourceLocation? = nil,
    cue: CueReference? = nil, hint: String? = nil
  ) {
    let rule = rules[current]
    otherFindings.append(
      Diagnostic(
        rule: rule.id, severity: rule.severity, message: message, file: file, track: track,
        location: location, cue: cue, hint: hint))
  }

  /// Adds a finding about `track` (a context rule's), about its cue at `cue` (1-based) when
  /// given, at the cue's place in the track's file.
  public mutating func add(
    _ message: String, in track: TrackInput, cue index: Int? = nil, hint: String? = nil
  ) {
    let rule = rules[current]
    var location: SourceLocation?
    var reference: CueReference?
    let cues = track.track.cues
    if let index, index >= 1, index <= cues.count {
      location = cues[index - 1].location
      reference = cues[index - 1].reference(index: index)
    }
    otherFindings.append(
      Diagnostic(
        rule: rule.id, severity: rule.severity, message: message, file: track.track.path,
        track: track.id, location: location, cue: reference, hint: hint))
  }

  /// Every finding as a diagnostic, those about cues taking their place and reference from
  /// `cues`, sorted by position.
  func diagnostics(cues: [Cue]) -> [Diagnostic] {
    var result: [Diagnostic] = []
    result.reserveCapacity(count)
    appendOthers(to: &result)
    appendCueFindings(cues: cues, to: &result)
    return Validator.sorted(result)
  }

  /// The number of findings.
  var count: Int { otherFindings.count + isRow.count }

  /// Appends the findings added with a place or none (`add(_:location:cue:hint:)` and the
  /// like), in the order found.
  func appendOthers(to result: inout [Diagnostic]) {
    result += otherFindings
  }

  /// Appends the findings about a cue's text, in the order found, taking their place and
  /// reference from `cues`, the track's cues after its first `base`.
  func appendCueFindings(cues: [Cue], after base: Int = 0, to result: inout [Diagnostic]) {
    guard !isRow.isEmpty else { return }
    // Rows read from the cues hold the cue's number in the track: `cues` must be all of them.
    assert(!readsCues || base == 0)
    let table = FindingTable(
      file: file, track: track, rules: tableRules, chunks: rows, details: details,
      cues: readsCues ? cues : nil)
    var row = 0
    var next = written.makeIterator()
    for found in isRow {
      if found {
        result.append(Diagnostic(table: table, row: row))
        row += 1
        continue
      }
      guard let finding = next.next() else { break }
      let (id, severity) = writtenRules[finding.rule]
      let cue = cues[finding.cue - 1 - base]
      result.append(
        Diagnostic(
          rule: id, severity: severity, message: finding.message, file: file, track: track,
          location: cue.location, cue: cue.reference(index: finding.cue), hint: finding.hint))
    }
  }
}

/// Whether the findings about cues of a `Findings`, in the order found, are in the order of
/// their places (their cues' places), and the first and last of those places: noted as each
/// finding is added, while its cue is at hand, so that the list of all findings need not be
/// read again to know it is in order.
struct CuePlaces: Sendable {
  /// The number of findings noted.
  private(set) var count = 0
  /// False once a finding's place comes before the place of the one noted before it.
  private(set) var inOrder = true
  private(set) var first: SourceLocation?
  private(set) var last: SourceLocation?
  /// The cue of the last finding noted (1-based): the next finding about it has its place.
  private var lastCue = 0

  mutating func note(_ cue: CueInput) {
    defer { count += 1 }
    if count > 0, cue.index == lastCue { return }
    let place = cue.cueLocation
    if count == 0 {
      first = place
    } else if SourceLocation.precedes(place, last) {
      inOrder = false
    }
    last = place
    lastCue = cue.index
  }
}
