import CaptionCore
import CaptionValidation
import Testing

/// Findings of `CompactCueRule`s are rows of a table, worded when read: they read as the
/// same diagnostics as written ones, and interleave with them in the order found.
struct CompactFindingsTests {
  /// Finds every cue, once as a row and once written out, with the cue's index as its value.
  struct EveryCueRule: CompactCueRule {
    var id: String { "readability.test-every-cue" }
    var defaultSeverity: Severity { .warning }
    var summary: String { "every cue" }
    var needs: RuleNeeds { .track }

    func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings) {
      findings.add(cue: cue, values: FindingValues(Double(cue.index), 0.5), by: self, in: track)
      findings.add("cue \(cue.index) written", cue: cue, hint: nil)
    }

    func word(
      _ part: FindingPart, of values: FindingValues, cue index: Int, in track: TrackInput,
      to text: inout ByteBuffer
    ) -> Bool {
      switch part {
      case .message:
        text.appendUTF8(
          "cue \(index) kept \(Int(values.first)) and \(values.second) in \(track.localeLimitName)")
      case .hint:
        text.appendUTF8("hint for \(track.track.cues.count) cues")
      }
      return true
    }
  }

  static let track: Track = {
    var track = RuleHarness.read(
      "WEBVTT\n\nintro\n00:00:01.000 --> 00:00:02.000\nHello\n\n00:00:03.000 --> 00:00:04.500\nBye\n",
      format: .webvtt)
    track.language = LanguageTag("ko")
    track.path = "in.vtt"
    return track
  }()

  /// Each test runs with the rows' cue details kept beside them, and read from the track's
  /// cues (`Validator.findingsKeepCues`).
  @Test(arguments: [false, true])
  func rowsReadAsTheirDiagnosticsInTheOrderFound(keepCues: Bool) {
    var validator = Validator(rules: [EveryCueRule()])
    validator.findingsKeepCues = keepCues
    let findings = validator.validate(
      Self.track, in: ValidationContext(tracks: [Self.track]), id: "3")
    #expect(
      findings.map(\.message) == [
        "cue 1 kept 1 and 0.5 in the ko limit", "cue 1 written",
        "cue 2 kept 2 and 0.5 in the ko limit", "cue 2 written",
      ])
    // The rule words its findings without the track's cues.
    #expect(findings.map(\.hint) == ["hint for 0 cues", nil, "hint for 0 cues", nil])
    let row = findings[2]
    #expect(row.rule == "readability.test-every-cue")
    #expect(row.severity == .warning)
    #expect(row.file == "in.vtt")
    #expect(row.track == "3")
    #expect(row.location == Self.track.cues[1].location)
    #expect(
      row.cue
        == CueReference(
          index: 2, id: nil, start: MediaTime(milliseconds: 3000),
          end: MediaTime(milliseconds: 4500)))
    #expect(findings[0].cue?.id == "intro")
    // Equal to the same finding written out, and hashed alike.
    let written = Diagnostic(
      rule: row.rule, severity: row.severity, message: row.message, file: row.file,
      track: row.track, location: row.location, cue: row.cue, hint: row.hint)
    #expect(row == written)
    #expect(Set([row, written]).count == 1)
    #expect(row != findings[0])
  }

  @Test(arguments: [false, true])
  func aChangedRowKeepsItsOtherFields(keepCues: Bool) {
    var validator = Validator(rules: [EveryCueRule()])
    validator.findingsKeepCues = keepCues
    var finding = validator.validate(
      Self.track, in: ValidationContext(tracks: [Self.track]), id: "1")[0]
    finding.severity = .error
    finding.track = "7"
    #expect(finding.severity == .error)
    #expect(finding.track == "7")
    #expect(finding.message == "cue 1 kept 1 and 0.5 in the ko limit")
    #expect(finding.cue?.index == 1)
    #expect(finding.location == Self.track.cues[0].location)
  }

  /// Without the cues, a place too far for a row's details is worded at once; with them,
  /// it is read from the cue. Either way the finding reads the same.
  @Test(arguments: [false, true])
  func aCueTooFarIntoTheFileForARowReadsTheSame(keepCues: Bool) {
    var track = Self.track
    track.cues[1].location = SourceLocation(line: 3_000_000_000, column: 1, offset: 5_000_000_000)
    var validator = Validator(rules: [EveryCueRule()])
    validator.findingsKeepCues = keepCues
    let findings = validator.validate(track, in: ValidationContext(tracks: [track]))
    #expect(
      findings.map(\.message) == [
        "cue 1 kept 1 and 0.5 in the ko limit", "cue 1 written",
        "cue 2 kept 2 and 0.5 in the ko limit", "cue 2 written",
      ])
    #expect(findings[2].location?.line == 3_000_000_000)
    #expect(findings[2].location?.offset == 5_000_000_000)
  }

  @Test(arguments: [false, true])
  func aTableOfManyChunksKeepsEveryRow(keepCues: Bool) {
    // More cues than one chunk of rows holds.
    var text = "WEBVTT\n"
    for index in 0..<5000 {
      let second = index % 60
      text += "\n00:00:\(second < 10 ? "0" : "")\(second).000 --> 00:00:59.000\nx\n"
    }
    let track = RuleHarness.read(text, format: .webvtt)
    var validator = Validator(rules: [EveryCueRule()])
    validator.findingsKeepCues = keepCues
    let findings = validator.validate(track, in: ValidationContext(tracks: [track]))
    #expect(findings.count == 10000)
    #expect(findings[9998].message == "cue 5000 kept 5000 and 0.5 in the limit")
    #expect(findings[8192].cue?.index == 4097)
  }

  /// Every rule on a track with findings of every kind: the same diagnostics, field by field
  /// and in the same order, whether the rows keep their cues' details or read them from the
  /// cues.
  @Test func findingsThatReadTheCuesReadAsThoseThatKeepACopy() {
    var text = "WEBVTT\n"
    for index in 0..<9000 {
      let start = index * 1500
      let end = start + (index % 7 == 0 ? 400 : 1450)
      func time(_ ms: Int) -> String {
        let (m, s, f) = (ms / 60_000, ms / 1000 % 60, ms % 1000)
        return (m < 10 ? "0" : "") + "\(m):" + (s < 10 ? "0" : "") + "\(s)."
          + String(repeating: "0", count: 3 - String(f).count) + "\(f)"
      }
      let words = index % 5 == 0 ? "a rather long line of caption text that goes on and on" : "Hi"
      text += "\n\(index % 3 == 0 ? "c\(index)\n" : "")\(time(start)) --> \(time(end))\n\(words)\n"
    }
    var track = RuleHarness.read(text, format: .webvtt)
    track.path = "big.vtt"
    let context = ValidationContext(tracks: [track])
    func fields(_ keepCues: Bool) -> [String] {
      var validator = Validator()
      validator.findingsKeepCues = keepCues
      return validator.validate(track, in: context, id: "1").map {
        "\($0.rule) \($0.severity) \($0.message) \($0.hint ?? "-") \(String(describing: $0.location))"
          + " \(String(describing: $0.cue)) \($0.file ?? "-") \($0.track ?? "-")"
      }
    }
    let copied = fields(false)
    #expect(copied.count > 3000)
    // Findings of several rules, kept as rows (the characters per second of the short cues,
    // the long lines) and written out.
    #expect(Set(copied.map { $0.prefix { $0 != " " } }).count >= 3)
    #expect(fields(true) == copied)
  }

  /// Cues whose places in the file are not in their order (two swapped, within a block of
  /// cues and across two): their findings still come out in the order of their places,
  /// each finding about a cue at its cue's place.
  @Test(arguments: [(2, 7), (3, 4)])
  func findingsAboutCuesPlacedOutOfTheirOrderAreSorted(swap: (Int, Int)) {
    var text = "WEBVTT\n"
    for index in 0..<10 { text += "\n00:00:0\(index).000 --> 00:00:0\(index).500\nx\n" }
    var track = RuleHarness.read(text, format: .webvtt)
    let (a, b) = swap
    let place = track.cues[a].location
    track.cues[a].location = track.cues[b].location
    track.cues[b].location = place
    var validator = Validator(rules: [EveryCueRule()])
    validator.cueBlockSize = 4
    let findings = validator.validate(track, in: ValidationContext(tracks: [track]))
    #expect(findings.count == 20)
    let lines = findings.map { $0.location?.line ?? 0 }
    #expect(lines == lines.sorted())
    // Cue b's two findings now come where cue a's were.
    let order = findings.compactMap(\.cue?.index)
    #expect(order.firstIndex(of: b + 1) == 2 * a)
    #expect(findings.allSatisfy { $0.location == track.cues[$0.cue!.index - 1].location })
  }
}
