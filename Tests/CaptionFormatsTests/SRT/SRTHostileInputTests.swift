import CaptionCore
import CaptionFormats
import Testing

/// Input built to make a reader crash, recurse or take quadratic time: each completes with the
/// result a user would expect.
@Suite(.timeLimit(.minutes(hangGuardMinutes))) struct SRTHostileInputTests {
  private static let fiveMegabytes = 5 * 1024 * 1024

  // Zero bytes in a cue (a damaged file): read as U+FFFD, as WebVTT reads them, with one
  // finding for each line that has them, at the first; the cues around are read as usual.
  @Test func readsNULCharactersAsReplacementCharacters() {
    let text =
      "1\r\n00:00:01,000 --> 00:00:02,000\r\nCa\0\0f\u{E9}\r\nline\0two\r\n\r\n"
      + "2\r\n00:00:03,000 --> 00:00:04,000\r\nclean\r\n"
    let result = SRTReader.read(DecodedText(utf8: Array(text.utf8)))
    #expect(
      result.track.cues.map(\.text.visibleText) == [
        "Ca\u{FFFD}\u{FFFD}f\u{E9}\nline\u{FFFD}two", "clean",
      ])
    #expect(
      result.diagnostics.map(\.summary) == [
        "3:3: warning: NUL character, read as U+FFFD",
        "4:5: warning: NUL character, read as U+FFFD",
      ])
  }

  @Test func reportsAFiveMegabyteLineOfTextAsOneStrayPiece() {
    let result = SRTReader.read(
      DecodedText(utf8: [UInt8](repeating: 0x61, count: Self.fiveMegabytes)))
    #expect(result.track.cues.isEmpty)
    #expect(
      result.diagnostics.map(\.summary) == [
        "1:1: error: text '\(String(repeating: "a", count: 40))…' has no timing, dropped"
      ])
  }

  @Test func readsAFiveMegabyteCueLine() {
    var bytes = Array("1\n00:00:01,000 --> 00:00:02,000\n".utf8)
    let header = bytes.count
    bytes += [UInt8](repeating: 0x61, count: Self.fiveMegabytes)
    let plain = SRTReader.read(DecodedText(utf8: bytes))
    #expect(plain.diagnostics.isEmpty)
    #expect(plain.track.cues.first?.rawText.utf8.count == Self.fiveMegabytes)
    #expect(plain.track.cues.first?.text.plainString?.utf8.count == Self.fiveMegabytes)
    // Half a million '<' that open no tag, then one tag at the very end.
    bytes.removeSubrange(header...)
    for _ in 0..<(Self.fiveMegabytes / 2) { bytes += [0x3C, 0x61] }
    bytes += Array("<I>x</i>".utf8)
    let marked = SRTReader.read(DecodedText(utf8: bytes))
    #expect(
      marked.diagnostics.map(\.summary) == [
        "3:\(Self.fiveMegabytes + 1): warning: uppercase tag '<I>' in cue 1 read as <i>"
      ])
    #expect(marked.track.cues.first?.text.visibleText.utf8.count == Self.fiveMegabytes + 1)
  }

  @Test func boundsOneHundredThousandNestedItalics() throws {
    let count = 100_000
    let open = String(repeating: "<i>", count: count)
    let closed = SRTReader.read(
      "1\n00:00:01,000 --> 00:00:02,000\n\(open)deep\(String(repeating: "</i>", count: count))\n")
    #expect(
      closed.diagnostics.map(\.summary) == [
        "3:\(CueText.maximumDepth * 3 + 1): warning: tags in cue 1 nested deeper than "
          + "\(CueText.maximumDepth) levels flattened"
      ])
    let text = try #require(closed.track.cues.first?.text)
    #expect(text.visibleText == "deep")
    #expect(depth(of: text) == CueText.maximumDepth)

    let unclosed = SRTReader.read("1\n00:00:01,000 --> 00:00:02,000\n\(open)deep\n")
    #expect(
      unclosed.diagnostics.map(\.summary) == [
        "3:1: warning: <i> and \(count - 1) more tags in cue 1 are not closed",
        "3:\(CueText.maximumDepth * 3 + 1): warning: tags in cue 1 nested deeper than "
          + "\(CueText.maximumDepth) levels flattened",
      ])
    #expect(unclosed.track.cues.first.map { depth(of: $0.text) } == CueText.maximumDepth)
  }

  @Test func crossesOneHundredThousandTagsInLinearTime() {
    // `</b>` crosses every open `<i>`: only 16 are reopened (the documented bound), and the stray
    // closing tags after it are dropped one by one.
    let count = 100_000
    let text =
      "<b>" + String(repeating: "<i>", count: count) + "x</b>y"
      + String(repeating: "</b>", count: 3)
    let result = SRTReader.read("1\n00:00:01,000 --> 00:00:02,000\n\(text)\n")
    #expect(result.track.cues.first?.text.visibleText == "xy")
    #expect(
      result.diagnostics.map(\.message) == [
        "tags in cue 1 nested deeper than \(CueText.maximumDepth) levels flattened",
        "<i> and 15 more tags in cue 1 are not closed",
        "'</b>' in cue 1 closes inside <i>, which is reopened after it",
        "'</b>' in cue 1 has no opening tag, removed",
        "'</b>' in cue 1 has no opening tag, removed",
        "'</b>' in cue 1 has no opening tag, removed",
      ])
  }

  @Test func dropsAFileOfGarbageAsOneStrayPiece() {
    // Printable ASCII but digits, some non-ASCII letters, and line breaks of every kind.
    var generator = SplitMix(seed: 2026)
    let alphabet = Array("abcXYZ!?<>{}\\/&#-:,.;é語".unicodeScalars.map(String.init))
    let breaks = ["\n", "\r\n", "\r", "\n\n"]
    var text = ""
    for _ in 0..<200_000 {
      text +=
        generator.next() % 8 == 0
        ? breaks[Int(generator.next() % 4)]
        : alphabet[Int(generator.next() % UInt64(alphabet.count))]
    }
    let lines = text.utf8.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D })
    let result = SRTReader.read(text)
    #expect(result.track.cues.isEmpty)
    #expect(result.diagnostics.count == 1)
    #expect(result.diagnostics.first?.severity == .error)
    #expect(
      result.diagnostics.first?.message.hasPrefix(
        "\(lines.count) lines of text with no timing dropped, starting '") == true)
    #expect(result.diagnostics.first?.location == SourceLocation(line: 1, column: 1, offset: 0))
  }

  @Test func keepsEveryFindingInsideAFileOfTimingShapedGarbage() {
    var generator = SplitMix(seed: 7)
    let tokens = [
      "1", "00:00:01,000", " --> ", "-->", ":", ",", ".", "<i>", "</b>", "{\\an8}", "{\\",
      "<font color=", "\n", "\r\n", "\r", " ", "x", "\n\n",
    ]
    var text = ""
    for _ in 0..<100_000 { text += tokens[Int(generator.next() % UInt64(tokens.count))] }
    let result = SRTReader.read(text)
    let size = text.utf8.count
    #expect(!result.diagnostics.isEmpty)
    #expect(result.diagnostics.allSatisfy { $0.rule == "parse.srt" })
    let offsets = result.diagnostics.compactMap { $0.location?.offset }
    #expect(offsets.count == result.diagnostics.count)
    #expect(offsets.allSatisfy { $0 >= 0 && $0 <= size })
    #expect(offsets == offsets.sorted())
    for cue in result.track.cues {
      #expect(depth(of: cue.text) <= CueText.maximumDepth)
    }
  }

  private func depth(of text: CueText) -> Int {
    var deepest = 0
    var stack: [(nodes: [CueNode], depth: Int)] = [(text.nodes, 0)]
    while let (nodes, level) = stack.popLast() {
      deepest = max(deepest, level)
      for case .element(let element) in nodes { stack.append((element.children, level + 1)) }
    }
    return deepest
  }
}

/// A small deterministic random number generator, so garbage is the same on every run.
struct SplitMix {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
