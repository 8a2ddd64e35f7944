import CaptionCore
import CaptionFormats
import Testing

/// The bytes `SRTWriter` writes, and the `convert.lossy` finding for what SRT cannot carry.
@Suite struct SRTWriterTests {
  private func ms(_ value: Int64) -> MediaTime { MediaTime(milliseconds: value) }

  private func cue(
    _ start: Int64, _ end: Int64, _ nodes: [CueNode], id: String = "",
    settings: CueSettings = .default
  ) -> Cue {
    let text = CueText(nodes: nodes)
    return Cue(
      id: id, start: ms(start), end: ms(end), settings: settings, text: text,
      rawText: text.visibleText)
  }

  private func element(
    _ kind: CueElement.Kind, _ children: [CueNode], classes: [String] = [],
    annotation: String? = nil
  ) -> CueNode {
    .element(CueElement(kind: kind, classes: classes, annotation: annotation, children: children))
  }

  // Found by fuzzing `fix`: an SRT file with zero bytes in a cue was written with them, and
  // the copy was then refused as binary data. The reader now reads them as U+FFFD; a track
  // made otherwise (plain text, or a tree) with a NUL in it is written the same way, and the
  // loss reported.
  @Test func writesNULCharactersAsReplacementCharacters() {
    let plain = Track(
      format: .srt,
      cues: [
        Cue(
          start: ms(1000), end: ms(2000), text: CueText(plain: "Ca\0\0f\u{E9}"),
          rawText: "Ca\0\0f\u{E9}")
      ])
    let tree = Track(format: .srt, cues: [cue(3000, 4000, [element(.italic, [.text("a\0b")])])])
    for (track, text) in [(plain, "Ca\u{FFFD}\u{FFFD}f\u{E9}"), (tree, "<i>a\u{FFFD}b</i>")] {
      var bytes: [UInt8] = []
      let lost = SRTWriter.write(track, into: &bytes)
      #expect(!bytes.contains(0))
      #expect(String(decoding: bytes, as: UTF8.self).contains("\n\(text)\n"))
      #expect(
        lost.map(\.message) == ["cue 1 loses a NUL character (written as U+FFFD) in SRT"])
      #expect(lost.allSatisfy { $0.rule == "convert.lossy" })
    }
  }

  /// Text from another format that SRT readers would show otherwise has no escape in SRT: a
  /// backslash before `N`, `n` or `h` is written as a slash, as the ASS writer does; a `<br>`
  /// is written as it is. Both are reported lost.
  @Test func reportsTextThatSRTReadersShowAsABreak() {
    let track = Track(
      format: .webvtt,
      cues: [
        Cue(
          start: ms(1000), end: ms(2000), text: CueText(plain: #"a\Nb\hc <br/> C:\T"#),
          rawText: #"a\Nb\hc <br/> C:\T"#),
        cue(3000, 4000, [element(.italic, [.text(#"x\n"#)])]),
        cue(5000, 6000, [.text(#"C:\Tools 1 < 2"#)]),
      ])
    var bytes: [UInt8] = []
    let lost = SRTWriter.write(track, into: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "1\n00:00:01,000 --> 00:00:02,000\n" + #"a/Nb/hc <br/> C:\T"# + "\n\n"
        + "2\n00:00:03,000 --> 00:00:04,000\n" + #"<i>x/n</i>"# + "\n\n"
        + "3\n00:00:05,000 --> 00:00:06,000\n" + #"C:\Tools 1 < 2"# + "\n\n")
    #expect(
      lost.map(\.message) == [
        "cue 1 loses backslash before N (written as /), backslash before h (written as /), "
          + "'<br/>' as text (SRT readers show a line break) in SRT",
        "cue 2 loses backslash before n (written as /) in SRT",
      ])
    // Read again, the copy shows what was written.
    let again = SRTReader.read(String(decoding: bytes, as: UTF8.self))
    #expect(again.track.cues.map(\.text.visibleText)[1...] == [#"x/n"#, #"C:\Tools 1 < 2"#])
  }

  /// CEA-608's colours (from SCC or decoded captions) are written as the colours they are;
  /// `green` is 608's `#00ff00`.
  @Test func writesCEA608ColoursAsFontColours() {
    let track = Track(
      format: .scc,
      cues: [cue(0, 1000, [element(.class, [.text("go")], classes: ["green"]), .text(" on")])])
    var bytes: [UInt8] = []
    let lost = SRTWriter.write(track, into: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "1\n00:00:00,000 --> 00:00:01,000\n<font color=\"#00ff00\">go</font> on\n\n")
    #expect(lost.isEmpty)
  }

  @Test func writesCountersTimesAndTextWithLFLineEnds() {
    let track = Track(
      format: .webvtt,
      cues: [
        cue(1000, 2500, [.text("Hello\nworld")], id: "intro"),
        cue(3_723_004, 3_724_000, [.text("Bye")], id: "7"),
        cue(360_000_000, 360_000_001, [], id: "x"),
      ])
    var bytes: [UInt8] = []
    let lost = SRTWriter.write(track, into: &bytes)
    #expect(lost.isEmpty)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "1\n00:00:01,000 --> 00:00:02,500\nHello\nworld\n\n"
        + "2\n01:02:03,004 --> 01:02:04,000\nBye\n\n"
        + "3\n100:00:00,000 --> 100:00:00,001\n\n")
  }

  @Test func appendsToWhatIsAlreadyThere() {
    var bytes = Array("head".utf8)
    SRTWriter.write(Track(format: .srt, cues: [cue(0, 1, [.text("a")])]), into: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == "head1\n00:00:00,000 --> 00:00:00,001\na\n\n")
  }

  @Test func writesMarkupFromTheTree() {
    let nodes: [CueNode] = [
      element(.italic, [.text("i "), element(.bold, [.text("b")])]),
      .text(" & "),
      element(.underline, [.text("u")]),
      .text("\n"),
      element(.class, [.text("y")], classes: ["yellow"]),
      element(.class, [.text("o")], classes: ["color-ff8800"]),
      element(.class, [.text("n")], classes: ["color-orange"]),
    ]
    let track = Track(format: .srt, cues: [cue(0, 1000, nodes)])
    var bytes: [UInt8] = []
    #expect(SRTWriter.write(track, into: &bytes).isEmpty)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "1\n00:00:00,000 --> 00:00:01,000\n<i>i <b>b</b></i> & <u>u</u>\n"
        + "<font color=\"#ffff00\">y</font><font color=\"#ff8800\">o</font>"
        + "<font color=\"orange\">n</font>\n\n")
  }

  @Test func writesAlignmentTags() {
    let settings: [CueSettings] = [
      CueSettings(line: 0), CueSettings(line: 0, align: .left),
      CueSettings(line: 50, snapToLines: false, lineAlign: .center),
      CueSettings(align: .right), .default,
    ]
    let track = Track(
      format: .srt, cues: settings.map { cue(0, 1000, [.text("t")], settings: $0) })
    let written = SRTWriter.string(track)
    let texts = written.split(separator: "\n").filter { $0.hasSuffix("t") }
    #expect(texts == ["{\\an8}t", "{\\an7}t", "{\\an5}t", "{\\an3}t", "t"])
    var bytes: [UInt8] = []
    #expect(SRTWriter.write(track, into: &bytes).isEmpty)
  }

  @Test func reportsWhatSRTCannotCarry() {
    let nodes: [CueNode] = [
      element(.voice, [.text("Hi")], annotation: "Esme"),
      .timestamp(ms(1500)),
      element(.class, [.text(" loud")], classes: ["loud", "yellow"]),
      element(.language, [.text(" hola")], annotation: "es"),
      element(.ruby, [.text("漢"), element(.rubyText, [.text("kan")])]),
      element(.italic, [.text("!")], classes: ["x"]),
    ]
    var located = cue(1000, 2000, nodes, id: "v")
    located.location = SourceLocation(line: 7, column: 1, offset: 40)
    var track = Track(
      format: .webvtt, path: "in.vtt", cues: [located],
      stylesheets: ["::cue { color: red }"], regions: [Region(id: "r")], header: ["Kind: captions"])
    track.comments = [TrackComment(text: "NOTE a", beforeCue: 0)]
    var bytes: [UInt8] = []
    let lost = SRTWriter.write(track, into: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "1\n00:00:01,000 --> 00:00:02,000\nHi<font color=\"#ffff00\"> loud</font> hola漢(kan)<i>!</i>\n\n"
    )
    #expect(
      lost.map(\.message) == [
        "header text not kept in SRT",
        "1 style sheet not kept in SRT",
        "1 region not kept in SRT",
        "1 NOTE comment not kept in SRT",
        "cue 1 loses voice 'Esme', inner timestamp 00:00:01.500, class 'loud', language 'es', "
          + "ruby (written as text in parentheses) and 1 more in SRT",
      ])
    #expect(lost.allSatisfy { $0.rule == "convert.lossy" && $0.severity == .warning })
    #expect(lost.allSatisfy { $0.file == "in.vtt" && $0.hint != nil })
    #expect(lost.last?.cue == CueReference(index: 1, id: "v", start: ms(1000), end: ms(2000)))
    #expect(lost.last?.location == SourceLocation(line: 7, column: 1, offset: 40))
  }

  @Test func buildsFindingsAboutCuesUpToALimitAndCountsTheRest() {
    let cues = (0..<5).map { n in
      cue(
        Int64(n) * 1000, Int64(n) * 1000 + 500, [element(.voice, [.text("Hi")], annotation: "Ann")])
    }
    let track = Track(
      format: .webvtt, path: "in.vtt", cues: cues + [cue(9000, 9500, [.text("plain")])],
      stylesheets: ["::cue { color: red }"])
    var whole: [UInt8] = []
    SRTWriter.write(track, into: &whole)
    var chunks: [UInt8] = []
    let losses = SRTWriter.write(track, chunkSize: 16, cueLimit: 2) { bytes in
      chunks += bytes
      bytes.removeAll()
    }
    #expect(chunks == whole)
    // The finding about the track is not one of the cues'.
    #expect(
      losses.diagnostics.map(\.message) == [
        "1 style sheet not kept in SRT", "cue 1 loses voice 'Ann' in SRT",
        "cue 2 loses voice 'Ann' in SRT",
      ])
    #expect(losses.withheld == 3)
    let all = SRTWriter.write(track, chunkSize: 16, cueLimit: .max) { $0.removeAll() }
    #expect(all.diagnostics.count == 6)
    #expect(all.withheld == 0)
  }
  @Test func reportsSettingsItWritesInTheClosestForm() {
    let settings = CueSettings(
      region: "r", vertical: .rl, line: 3, lineAlign: .end, position: 30,
      positionAlign: .lineLeft, size: 50, align: .start)
    let track = Track(format: .webvtt, cues: [cue(0, 1000, [.text("t")], settings: settings)])
    var bytes: [UInt8] = []
    let lost = SRTWriter.write(track, into: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self) == "1\n00:00:00,000 --> 00:00:01,000\n{\\an7}t\n\n")
    #expect(
      lost.map(\.message) == [
        "cue 1 loses line 3 (written as the top line), line alignment end, "
          + "align start (written as left), position 30%, position alignment line-left "
          + "and 3 more in SRT"
      ])
    let percent = Track(
      format: .webvtt,
      cues: [cue(0, 1000, [.text("t")], settings: CueSettings(line: 90, snapToLines: false))])
    #expect(
      SRTWriter.write(percent, into: &bytes).map(\.message) == [
        "cue 1 loses line 90% (written as the bottom) in SRT"
      ])
  }

  @Test func removesEmptyLinesThatWouldEndTheCue() {
    let track = Track(format: .webvtt, cues: [cue(0, 1000, [.text("\na\n\nb\n")])])
    var bytes: [UInt8] = []
    let lost = SRTWriter.write(track, into: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == "1\n00:00:00,000 --> 00:00:01,000\na\nb\n\n")
    #expect(lost.map(\.message) == ["cue 1 loses empty lines in SRT"])
  }

  @Test func writesNegativeTimesAsZero() {
    let track = Track(format: .webvtt, cues: [cue(-500, 1000, [.text("a")])])
    var bytes: [UInt8] = []
    let lost = SRTWriter.write(track, into: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == "1\n00:00:00,000 --> 00:00:01,000\na\n\n")
    #expect(
      lost.map(\.message) == ["cue 1 loses negative start time -00:00:00,500 (written as 0) in SRT"]
    )
  }

  @Test func reportsTimesFinerThanAMillisecond() {
    var fine = cue(0, 1000, [.text("a")])
    fine.end = MediaTime(value: 90_045, timescale: 90_000)
    var bytes: [UInt8] = []
    let lost = SRTWriter.write(Track(format: .webvtt, cues: [fine]), into: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == "1\n00:00:00,000 --> 00:00:01,001\na\n\n")
    #expect(
      lost.map(\.message) == ["cue 1 loses end time precision finer than a millisecond in SRT"])
  }

  @Test func printsTheExampleOfTheRulePage() {
    var voiced = cue(
      1000, 2000,
      [element(.voice, [.text("Hi "), .timestamp(ms(1500)), .text("there")], annotation: "Esme")],
      settings: CueSettings(position: 30, size: 50))
    voiced.location = SourceLocation(line: 3, column: 1, offset: 8)
    var bytes: [UInt8] = []
    let lost = SRTWriter.write(
      Track(format: .webvtt, path: "movie.vtt", cues: [voiced]), into: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self) == "1\n00:00:01,000 --> 00:00:02,000\nHi there\n\n")
    #expect(
      lost.map(\.compilerStyle) == [
        "movie.vtt:3:1: warning: cue 1 loses position 30%, size 50%, voice 'Esme', "
          + "inner timestamp 00:00:01.500 in SRT [convert.lossy]"
      ])
  }

  @Test func writesMarkupLikeItsTree() {
    let samples = [
      "This story <b>forget</b> mother.", "<i>Have this run</i>\nsecond", "<b>unclosed",
      "<i>mis</b>nested</i>", "a &amp; b", "{\\an8}<i>top</i>", "<c.yellow>class</c>",
      "<v Bob>voice</v>", "<00:00:01.000>time", "<b></b>empty", "<b><i>x</i> y</b>",
    ]
    for raw in samples {
      for syntax: any CueTextMarkup in [WebVTTCueTextMarkup.shared, SRTCueTextMarkup.shared] {
        let fromMarkup = Cue(
          start: ms(0), end: ms(1000), text: CueText(markup: raw, syntax: syntax), rawText: raw)
        let fromTree = Cue(
          start: ms(0), end: ms(1000), text: CueText(nodes: syntax.nodes(of: raw)), rawText: raw)
        var markupBytes: [UInt8] = []
        let markupLost = SRTWriter.write(
          Track(format: .srt, cues: [fromMarkup]), into: &markupBytes)
        var treeBytes: [UInt8] = []
        let treeLost = SRTWriter.write(Track(format: .srt, cues: [fromTree]), into: &treeBytes)
        #expect(
          String(decoding: markupBytes, as: UTF8.self)
            == String(decoding: treeBytes, as: UTF8.self), "\(raw)")
        #expect(markupLost.map(\.message) == treeLost.map(\.message), "\(raw)")
      }
    }
  }

  @Test func copiesMarkupInWrittenForm() {
    let raw = "This <b>story</b>\n<i>and <u>more</u></i>"
    let cue = Cue(
      start: ms(0), end: ms(1000), text: CueText(markup: raw, syntax: SRTCueTextMarkup.shared),
      rawText: raw)
    #expect(
      SRTWriter.string(Track(format: .srt, cues: [cue]))
        == "1\n00:00:00,000 --> 00:00:01,000\n\(raw)\n\n")
  }
}
