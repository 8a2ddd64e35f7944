import CaptionCore
import Testing

@testable import CaptionFormats

/// Reading a large SRT file in parts on two threads gives exactly what one pass gives:
/// the same cues (times, texts, places) and the same findings, whatever the file holds
/// around the place where the later part starts.
@Suite struct SRTTwoPartTests {
  /// One pass, and two, three and five parts at any size, over `text`; whether the two parts
  /// were kept.
  private func compare(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    -> Bool
  {
    let bytes = Array(text.utf8)
    var one = SRTParser(
      source: CueSource(bytes: bytes, syntax: SRTCueTextMarkup.shared), path: "t.srt")
    one.parse()
    var keptInTwo = false
    for parts in [2, 3, 5] {
      var split = SRTParser(
        source: CueSource(bytes: bytes, syntax: SRTCueTextMarkup.shared), path: "t.srt")
      split.parse(threads: 2, twoPartSize: 1, parts: parts)
      #expect(split.cues == one.cues, "\(parts) parts", sourceLocation: sourceLocation)
      #expect(
        split.cues.map(\.location) == one.cues.map(\.location), "\(parts) parts",
        sourceLocation: sourceLocation)
      #expect(
        split.cues.map(\.rawText) == one.cues.map(\.rawText), "\(parts) parts",
        sourceLocation: sourceLocation)
      #expect(
        split.sortedDiagnostics == one.sortedDiagnostics, "\(parts) parts",
        sourceLocation: sourceLocation)
      if parts == 2 { keptInTwo = split.readInParts }
      // The same from a file that loads a few bytes at a time while it is read.
      guard let loaded = try? SRTLoadingFile.parse(bytes, parts: parts, piece: 61) else {
        Issue.record("the file could not be written", sourceLocation: sourceLocation)
        continue
      }
      SRTLoadingTests.expectSame(
        loaded, one, "\(parts) parts, loading", sourceLocation: sourceLocation)
      #expect(loaded.readInParts == split.readInParts, sourceLocation: sourceLocation)
      expectStreamed(bytes, parts: parts, like: one, sourceLocation: sourceLocation)
    }
    return keptInTwo
  }

  /// Reads `bytes` in `parts` parts handed over as they are read (`stream`), and expects
  /// the runs, one after the other, to be what `one` read in one pass: the same cues, places
  /// and texts, the same findings in order, and for each run the cues before it, the last of
  /// them and the one that ends last.
  private func expectStreamed(
    _ bytes: [UInt8], parts: Int, like one: SRTParser,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    var streamed = SRTParser(
      source: CueSource(bytes: bytes, syntax: SRTCueTextMarkup.shared), path: "t.srt")
    var runs: [CueRun] = []
    let count = streamed.stream(threads: 2, parts: parts) {
      $0
    } consume: {
      runs.append($0)
    }
    let label = "\(parts) parts, streamed"
    let cues = runs.flatMap { Array($0.cues[$0.range]) }
    #expect(count == one.cues.count, "\(label)", sourceLocation: sourceLocation)
    #expect(cues == one.cues, "\(label)", sourceLocation: sourceLocation)
    #expect(
      cues.map(\.location) == one.cues.map(\.location), "\(label)",
      sourceLocation: sourceLocation)
    #expect(
      cues.map(\.rawText) == one.cues.map(\.rawText), "\(label)", sourceLocation: sourceLocation)
    #expect(
      runs.flatMap(\.diagnostics).map(\.compilerStyle)
        == one.sortedDiagnostics.map(\.compilerStyle), "\(label)", sourceLocation: sourceLocation)
    #expect(
      runs.flatMap(\.diagnostics) == one.sortedDiagnostics, "\(label)",
      sourceLocation: sourceLocation)
    #expect(runs.map(\.isFirst) == runs.indices.map { $0 == 0 }, sourceLocation: sourceLocation)
    var before = 0
    var latest: (index: Int, end: MediaTime)?
    for run in runs {
      #expect(run.base == before, "\(label)", sourceLocation: sourceLocation)
      #expect(run.previous?.index == (before > 0 ? before : nil), sourceLocation: sourceLocation)
      if before > 0 {
        #expect(run.previous?.start == one.cues[before - 1].start, sourceLocation: sourceLocation)
        #expect(run.previous?.end == one.cues[before - 1].end, sourceLocation: sourceLocation)
      }
      #expect(run.latestEnd?.index == latest?.index, "\(label)", sourceLocation: sourceLocation)
      #expect(run.latestEnd?.end == latest?.end, "\(label)", sourceLocation: sourceLocation)
      for offset in run.range {
        let end = run.cues[offset].end
        if latest.map({ end > $0.end }) ?? true { latest = (before + offset + 1, end) }
      }
      before += run.range.count
    }
  }

  /// Whether `text` is read in `parts` parts, every one kept.
  private func keptInParts(_ text: String, parts: Int) -> Bool {
    var parser = SRTParser(
      source: CueSource(bytes: Array(text.utf8), syntax: SRTCueTextMarkup.shared), path: "t.srt")
    parser.parse(threads: 2, twoPartSize: 1, parts: parts)
    return parser.readInParts
  }

  private func cue(_ number: Int, text: String = "Line of text", newline: String = "\n") -> String {
    let start = number * 2_000
    return "\(number)\(newline)\(time(start)) --> \(time(start + 1_500))\(newline)"
      + text.replacingOccurrences(of: "\n", with: newline) + newline + newline
  }

  private func time(_ milliseconds: Int) -> String {
    let (h, m, s, ms) = (
      milliseconds / 3_600_000, milliseconds / 60_000 % 60, milliseconds / 1000 % 60,
      milliseconds % 1000
    )
    func pad(_ value: Int, _ width: Int) -> String {
      String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
    }
    return "\(pad(h, 2)):\(pad(m, 2)):\(pad(s, 2)),\(pad(ms, 3))"
  }

  @Test func aCleanFileIsReadInTwoParts() {
    let text = (1...400).map { cue($0, text: $0 % 3 == 0 ? "<i>Two</i>\nlines" : "One line") }
      .joined()
    #expect(compare(text))
  }

  @Test func aCleanFileIsReadInEightParts() {
    let text = (1...800).map { cue($0, text: $0 % 3 == 0 ? "<i>Two</i>\nlines" : "One line") }
      .joined()
    #expect(keptInParts(text, parts: 8))
    #expect(compare(text))
  }

  /// A problem in a middle part: the parts before it are kept, and the reading goes on from
  /// the start of that part in one pass, with the findings and cues one pass has.
  @Test(arguments: [250, 300, 390, 420, 555])
  func aProblemInAMiddlePartGivesTheFindingsOfOnePass(at: Int) {
    var cues = (1...800).map { cue($0) }
    cues[at] = cues[at].replacingOccurrences(of: " --> ", with: " -> ")
    cues[at + 20] = cue(at + 30)
    let text = cues.joined()
    #expect(!keptInParts(text, parts: 8))
    _ = compare(text)
    var one = SRTParser(
      source: CueSource(bytes: Array(text.utf8), syntax: SRTCueTextMarkup.shared), path: "t.srt")
    one.parse()
    var eight = SRTParser(
      source: CueSource(bytes: Array(text.utf8), syntax: SRTCueTextMarkup.shared), path: "t.srt")
    eight.parse(threads: 2, twoPartSize: 1, parts: 8)
    #expect(eight.cues == one.cues)
    #expect(eight.cues.map(\.location) == one.cues.map(\.location))
    #expect(eight.sortedDiagnostics == one.sortedDiagnostics)
    // The broken timing line and its counter are read as text of the cue before, after a
    // blank line; the counters after them are out of sequence, and so are the two around
    // the cue numbered out of turn.
    #expect(
      eight.sortedDiagnostics.map(\.message).filter { $0.contains("out of sequence") }.count == 3)
    #expect(eight.sortedDiagnostics.count == 4)
  }

  /// Carriage returns in some parts only (CRLF cues in one, a lone CR in a text in another):
  /// each part looks for them in its own bytes, and reads as one pass does.
  @Test func carriageReturnsInSomePartsOnly() {
    var cues = (1...800).map { cue($0) }
    for index in 300..<340 { cues[index] = cue(index + 1, text: "A\nB", newline: "\r\n") }
    cues[600] = cue(601, text: "lone\rreturn")
    let text = cues.joined()
    #expect(keptInParts(text, parts: 8))
    #expect(compare(text))
  }

  @Test func crlfLineEndsAndAByteOrderMark() {
    let text = "\u{FEFF}" + (1...300).map { cue($0, text: "A\nB", newline: "\r\n") }.joined()
    #expect(compare(text))
  }

  @Test func findingsBeforeTheMiddleKeepBothParts() {
    var cues = (1...300).map { cue($0) }
    cues[10] = cues[10].replacingOccurrences(of: "-->", with: "->")
    cues[20] = "7\n" + cues[20]
    cues[30] += "\n\n"
    #expect(compare(cues.joined()))
  }

  /// Each problem, planted all over the later part: the reading goes on in one pass there,
  /// with the findings one pass has.
  @Test(arguments: [
    "out of sequence", "repeated counter", "bad timing", "blank line inside", "stray text",
    "markup", "spaces after counter", "missing blank line", "no counter", "extra blank lines",
  ])
  func aProblemInTheLaterPartGivesTheFindingsOfOnePass(problem: String) {
    // Around the place the later part starts (a little past the middle) and at the end.
    for at in [150, 151, 152, 156, 158, 159, 160, 161, 162, 165, 299] {
      var cues = (1...300).map { cue($0) }
      switch problem {
      case "out of sequence": cues[at] = cue(at + 5)
      case "repeated counter": cues[at] = cue(at)
      case "bad timing": cues[at] = cues[at].replacingOccurrences(of: " --> ", with: " -> ")
      case "blank line inside": cues[at] = cue(at + 1, text: "one\n\ntwo")
      case "stray text": cues[at] = "stray\n\n" + cues[at]
      case "markup": cues[at] = cue(at + 1, text: "<b>open <i>cross</b></i> {\\an8}")
      case "spaces after counter":
        cues[at] = cues[at].replacingOccurrences(of: "\n0", with: "  \n0")
      case "missing blank line": cues[at - 1] = String(cues[at - 1].dropLast())
      case "no counter": cues[at] = String(cues[at].drop { $0 != "\n" }.dropFirst())
      default: cues[at] += "\n\n\n"
      }
      _ = compare(cues.joined())
    }
  }

  /// The later part's cues are made where its first counter places them; when the earlier
  /// part holds fewer cues than that, they are moved down next to its cues.
  @Test func countersThatStartLateKeepBothParts() {
    let text = (1...300).map { cue($0 + 9) }.joined()
    #expect(compare(text))
  }

  /// An earlier part with more cues than the later part's first counter says (counters that
  /// went back): its cues do not fit before the later part's, which is dropped.
  @Test func countersThatGoBackAreReadInOnePass() {
    var cues = (1...300).map { cue($0) }
    for index in 100..<300 { cues[index] = cue(index - 49) }
    #expect(!compare(cues.joined()))
  }

  /// A file whose first half holds long cues and the second many short ones: the room
  /// reserved from the cues of its first 64 KiB is too small for one part or the other, and
  /// the reading still gives every cue.
  @Test(arguments: [40, 100])
  func moreCuesThanTheEstimateAreAllRead(longCues: Int) {
    let long = String(repeating: "A rather long line of text for this cue\n", count: 40)
    let text =
      (1...longCues).map { cue($0, text: long) }.joined()
      + (longCues + 1...3700).map { cue($0, text: "x") }.joined()
    #expect(!compare(text))
    var parser = SRTParser(
      source: CueSource(bytes: Array(text.utf8), syntax: SRTCueTextMarkup.shared), path: nil)
    parser.parse(threads: 2, twoPartSize: 1)
    #expect(parser.cues.count == 3700)
  }

  /// Files of random lines from a small vocabulary, so that counters, timings, blank lines
  /// and text meet in every order near the middle.
  @Test func randomFilesReadAlike() {
    var random = SplitMix(seed: 2026)
    let lines = [
      "", "", "", "1", "2", "42", "00:00:01,000 --> 00:00:02,000", "00:00:03,000 --> 00:00:01,000",
      "00:00:0x,000 --> 00:00:02,000", "text", "<i>italic</i>", "  ", "99999999999999999999",
      "{\\an8}top", "12 --> 13",
    ]
    var kept = 0
    for _ in 0..<400 {
      let count = Int(random.next() % 120) + 4
      var text = ""
      for index in 0..<count {
        // Mostly well-formed cues, so that a later part is often found.
        if random.next() % 3 != 0 {
          text += cue(index + 1)
        } else {
          text += lines[Int(random.next() % UInt64(lines.count))]
          text += random.next() % 5 == 0 ? "\r\n" : "\n"
        }
      }
      if compare(text) { kept += 1 }
    }
    // Some files are read in two parts, some go on in one pass: both ways are tried.
    #expect(kept > 0 && kept < 400)
  }

  /// Clean files with bytes changed at random all over them (counters, arrows, line breaks,
  /// digits), so that the later part starts, and the earlier one ends, in every state.
  /// Lines of spaces and tabs read as blank lines, and lines ended by CR alone, around the
  /// places where later parts start.
  @Test func filesWithBlankishLinesReadAlike() {
    var random = SplitMix(seed: 77)
    let lines = ["", " ", "\t", "  \t", "text", "7", "00:00:01,000 --> 00:00:02,000"]
    let ends = ["\n", "\n", "\r\n", "\r"]
    for _ in 0..<200 {
      var text = ""
      for index in 0..<(Int(random.next() % 60) + 10) {
        if random.next() % 2 == 0 {
          text += cue(index + 1)
        } else {
          text += lines[Int(random.next() % UInt64(lines.count))]
          text += ends[Int(random.next() % UInt64(ends.count))]
        }
      }
      _ = compare(text)
    }
  }

  @Test func filesWithRandomChangesReadAlike() {
    var random = SplitMix(seed: 77)
    let alphabet = Array("0123456789\n\n\n\r-->:, x<i>{".utf8)
    var kept = 0
    for _ in 0..<300 {
      var bytes = Array(
        (1...200).map { cue($0, text: $0 % 4 == 0 ? "two\nlines" : "one") }
          .joined().utf8)
      for _ in 0..<Int(random.next() % 6) {
        let at = Int(random.next() % UInt64(bytes.count))
        let byte = alphabet[Int(random.next() % UInt64(alphabet.count))]
        switch random.next() % 3 {
        case 0: bytes[at] = byte
        case 1: bytes.insert(byte, at: at)
        default: bytes.remove(at: at)
        }
      }
      if compare(String(decoding: bytes, as: UTF8.self)) { kept += 1 }
    }
    #expect(kept > 0 && kept < 300)
  }

  @Test func smallFilesAndOneThreadAreReadInOnePass() {
    let text = (1...50).map { cue($0) }.joined()
    var parser = SRTParser(source: CueSource(bytes: Array(text.utf8), syntax: nil), path: nil)
    parser.parse(threads: 2)
    #expect(!parser.readInParts)
    var single = SRTParser(source: CueSource(bytes: Array(text.utf8), syntax: nil), path: nil)
    single.parse(threads: 1, twoPartSize: 1)
    #expect(!single.readInParts)
    #expect(single.cues.count == 50)
  }
}
