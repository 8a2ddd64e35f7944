import CaptionCore
import CaptionFormats
import Testing

private func ms(_ value: Int64) -> MediaTime { MediaTime(milliseconds: value) }

private func element(
  _ kind: CueElement.Kind, _ classes: [String] = [], _ annotation: String? = nil,
  _ children: CueNode...
) -> CueNode {
  .element(CueElement(kind: kind, classes: classes, annotation: annotation, children: children))
}

private func cue(
  _ id: String = "", _ start: Int64, _ end: Int64, _ text: CueText,
  settings: CueSettings = .default
) -> Cue {
  Cue(id: id, start: ms(start), end: ms(end), settings: settings, text: text, rawText: "")
}

private func written(_ track: Track) -> (text: String, messages: [String]) {
  var bytes: [UInt8] = []
  let diagnostics = WebVTTWriter.write(track, into: &bytes)
  for diagnostic in diagnostics {
    #expect(diagnostic.rule == "convert.lossy")
    #expect(diagnostic.severity == .warning)
  }
  return (String(decoding: bytes, as: UTF8.self), diagnostics.map(\.message))
}

@Suite struct WebVTTWriterTests {
  @Test func emptyTrack() {
    #expect(written(Track(format: .webvtt)).text == "WEBVTT\n")
  }

  /// Colours read from SRT (and TTML, ASS, CEA-608) are written as colour classes, without a
  /// STYLE block of the writer's own: FFmpeg 5.1 reads no cue of a WebVTT file that has one.
  @Test func writesColoursAsClassesWithoutAddingAStyleBlock() {
    let srt = SRTReader.read(
      """
      1
      00:00:01,000 --> 00:00:02,000
      <font color="#FF8800">one</font> <font color="yellow">two</font>

      """
    ).track
    #expect(
      written(srt).text
        == """
        WEBVTT

        1
        00:00:01.000 --> 00:00:02.000
        <c.color-ff8800>one</c> <c.yellow>two</c>

        """)
  }

  @Test func appendsToWhatIsThere() {
    var bytes = Array("x".utf8)
    WebVTTWriter.write(Track(format: .webvtt), into: &bytes)
    #expect(bytes == Array("xWEBVTT\n".utf8))
  }

  @Test func headerLines() {
    let track = Track(format: .webvtt, header: ["- Interview", "Kind: captions"])
    // WebVTT has no header lines: the rest goes into a NOTE block.
    #expect(written(track).text == "WEBVTT - Interview\n\nNOTE\nKind: captions\n")
    #expect(written(Track(format: .webvtt, header: ["\tx"])).text == "WEBVTT\tx\n")
    #expect(
      written(Track(format: .webvtt, header: ["", "Language: en"])).text
        == "WEBVTT\n\nNOTE\nLanguage: en\n")
  }

  @Test func cuesWithIdsAndTimes() {
    let track = Track(
      format: .webvtt,
      cues: [
        cue("intro", 1_000, 4_500, CueText(plain: "Never drink liquid nitrogen.")),
        cue(
          "", 5_000, 9_000,
          CueText(plain: "— It will perforate your stomach.\n— You could die.")),
        cue("", 360_000_000, 360_000_001, CueText(plain: "")),
      ])
    #expect(
      written(track).text == """
        WEBVTT

        intro
        00:00:01.000 --> 00:00:04.500
        Never drink liquid nitrogen.

        00:00:05.000 --> 00:00:09.000
        — It will perforate your stomach.
        — You could die.

        100:00:00.000 --> 100:00:00.001

        """)
    #expect(written(track).messages.isEmpty)
  }

  @Test func regionsAndStyleSheets() {
    let track = Track(
      format: .webvtt,
      cues: [cue("", 0, 1_000, CueText(plain: "Hi"), settings: CueSettings(region: "fred"))],
      stylesheets: ["::cue {\n  color: papayawhip;\n}", "::cue(b) { color: peachpuff; }"],
      regions: [
        Region(
          id: "fred", width: 40, lines: 4, regionAnchorX: 0, regionAnchorY: 100,
          viewportAnchorX: 10, viewportAnchorY: 90.5, scroll: .up),
        Region(id: "bill"),
        Region(id: "anchored", regionAnchorX: 50, regionAnchorY: 100),
      ])
    #expect(
      written(track).text == """
        WEBVTT

        REGION
        id:fred
        width:40%
        lines:4
        viewportanchor:10%,90.5%
        scroll:up

        REGION
        id:bill

        REGION
        id:anchored
        regionanchor:50%,100%

        STYLE
        ::cue {
          color: papayawhip;
        }

        STYLE
        ::cue(b) { color: peachpuff; }

        00:00:00.000 --> 00:00:01.000 region:fred
        Hi

        """)
    #expect(written(track).messages.isEmpty)
  }

  @Test func onlyNonDefaultSettingsInCanonicalOrder() {
    func line(_ settings: CueSettings) -> String {
      let track = Track(
        format: .webvtt, cues: [cue("", 0, 1_000, CueText(plain: "x"), settings: settings)],
        regions: [Region(id: "r")])
      let lines = written(track).text.split(separator: "\n")
      return String(lines.first { $0.contains("-->") } ?? "")
    }
    let prefix = "00:00:00.000 --> 00:00:01.000"
    #expect(line(.default) == prefix)
    #expect(line(CueSettings(line: -1)) == prefix + " line:-1")
    #expect(line(CueSettings(line: 0, lineAlign: .end)) == prefix + " line:0,end")
    #expect(line(CueSettings(line: 50, snapToLines: false)) == prefix + " line:50%")
    #expect(
      line(CueSettings(line: 12.25, snapToLines: false, lineAlign: .center))
        == prefix + " line:12.25%,center")
    #expect(line(CueSettings(position: 50.5)) == prefix + " position:50.5%")
    #expect(
      line(CueSettings(position: 10, positionAlign: .lineLeft)) == prefix
        + " position:10%,line-left")
    #expect(line(CueSettings(size: 80)) == prefix + " size:80%")
    #expect(line(CueSettings(align: .start)) == prefix + " align:start")
    #expect(line(CueSettings(vertical: .rl)) == prefix + " vertical:rl")
    #expect(
      line(
        CueSettings(
          region: "r", vertical: .lr, line: 2, lineAlign: .end, position: 0,
          positionAlign: .lineRight, size: 33.5, align: .right))
        == prefix + " vertical:lr line:2,end position:0%,line-right size:33.5% align:right region:r"
    )
  }

  @Test func textTreeWithTagsTimestampsAndEscapes() {
    let text = CueText(nodes: [
      element(
        .voice, ["first", "loud"], "Esme", .text("It's a <blue> "),
        element(.class, ["yellow"], nil, .text("apple & tree")), .text("!")),
      .text(" "),
      element(.language, [], "en-GB", element(.italic, [], nil, .text("colour"))),
      .text("\n"),
      element(
        .ruby, [], nil, .text("漢"), element(.rubyText, ["small"], nil, .text("kan"))),
      .timestamp(ms(1_500)),
      element(.bold, [], nil, element(.underline, [], nil, .text("-->"))),
      element(.voice, [], "Tom & Jerry > Spike", .text("x")),
      element(.voice, [], "", .text("y")),
    ])
    let track = Track(format: .webvtt, cues: [cue("", 1_000, 2_000, text)])
    #expect(
      written(track).text == """
        WEBVTT

        00:00:01.000 --> 00:00:02.000
        <v.first.loud Esme>It's a &lt;blue&gt; <c.yellow>apple &amp; tree</c>!</v> \
        <lang en-GB><i>colour</i></lang>
        <ruby>漢<rt.small>kan</rt></ruby><00:00:01.500><b><u>--&gt;</u></b>\
        <v Tom &amp; Jerry &gt; Spike>x</v><v>y</v>

        """)
    #expect(written(track).messages.isEmpty)
  }

  @Test func numbersWithoutNeedlessDecimals() {
    let track = Track(
      format: .webvtt,
      cues: [
        cue(
          "", 0, 1, CueText(plain: "x"),
          settings: CueSettings(line: 0.000001, position: 99.99, size: 0.5))
      ])
    #expect(
      written(track).text.contains(
        "00:00:00.000 --> 00:00:00.001 line:0.000001 position:99.99% size:0.5%\n"))
  }

  // MARK: What WebVTT cannot carry

  @Test func idWithArrowOrLineBreak() {
    let track = Track(
      format: .webvtt,
      cues: [
        cue("a-->b", 0, 1_000, CueText(plain: "x")),
        cue("two\nlines", 1_000, 2_000, CueText(plain: "y")),
      ])
    let result = written(track)
    #expect(
      result.text == """
        WEBVTT

        a->b
        00:00:00.000 --> 00:00:01.000
        x

        two lines
        00:00:01.000 --> 00:00:02.000
        y

        """)
    #expect(
      result.messages == [
        "cue 1 id a-->b contains -->; written as a->b",
        "cue 2 id has a line break; written on one line",
      ])
    var bytes: [UInt8] = []
    let diagnostics = WebVTTWriter.write(track, into: &bytes)
    #expect(
      diagnostics.first?.cue == CueReference(index: 1, id: "a-->b", start: ms(0), end: ms(1_000)))
  }

  @Test func blankLinesInText() {
    let track = Track(
      format: .webvtt,
      cues: [
        cue("", 0, 1_000, CueText(plain: "\nfirst\n\n\nsecond\n")),
        cue(
          "", 1_000, 2_000,
          CueText(nodes: [.text("a\n"), element(.italic, [], nil, .text("\nb"))])),
      ])
    let result = written(track)
    #expect(
      result.text == """
        WEBVTT

        00:00:00.000 --> 00:00:01.000
        first
        second

        00:00:01.000 --> 00:00:02.000
        a
        <i>
        b</i>

        """)
    #expect(
      result.messages == [
        "cue 1 text has an empty line, which would end the cue; written without it"
      ])
  }

  @Test func undeclaredRegion() {
    let track = Track(
      format: .webvtt,
      cues: [cue("", 0, 1_000, CueText(plain: "x"), settings: CueSettings(region: "nowhere"))])
    let result = written(track)
    #expect(result.text.hasSuffix("00:00:00.000 --> 00:00:01.000\nx\n"))
    #expect(result.messages == ["cue 1 region nowhere is not declared; left out"])
  }

  @Test func settingsWithoutTheirValue() {
    let track = Track(
      format: .webvtt,
      cues: [
        cue(
          "", 0, 1_000, CueText(plain: "x"),
          settings: CueSettings(
            snapToLines: false, lineAlign: .end, positionAlign: .lineLeft, size: 150))
      ])
    let result = written(track)
    #expect(result.text.hasSuffix("00:00:00.000 --> 00:00:01.000 size:100%\nx\n"))
    #expect(
      result.messages == [
        "cue 1 line alignment end needs a line; left out",
        "cue 1 snap-to-lines off needs a line; left out",
        "cue 1 position alignment line-left needs a position; left out",
        "cue 1 size 150 is outside 0–100; written as 100",
      ])
  }

  @Test func timesWebVTTCannotHold() {
    let track = Track(
      format: .webvtt,
      cues: [
        Cue(
          start: MediaTime(value: -90_000, timescale: 90_000),
          end: MediaTime(value: 90_045, timescale: 90_000), text: CueText(plain: "x"),
          rawText: "x")
      ])
    let result = written(track)
    #expect(result.text.hasSuffix("00:00:00.000 --> 00:00:01.001\nx\n"))
    #expect(
      result.messages == [
        "cue 1 start -00:00:01.000 is negative; written as 00:00:00.000",
        "cue 1 end is finer than a millisecond; rounded to 00:00:01.001",
      ])
  }

  @Test func findingsAboutCuesPastALimitAreCounted() {
    let negative = Cue(
      start: MediaTime(milliseconds: -1000), end: ms(1000), text: CueText(plain: "x"),
      rawText: "x")
    let track = Track(
      format: .webvtt, cues: [negative, negative, negative], header: ["a\nb"])
    var whole: [UInt8] = []
    WebVTTWriter.write(track, into: &whole)
    var chunks: [UInt8] = []
    let losses = WebVTTWriter.write(track, chunkSize: 8, cueLimit: 1) { bytes in
      chunks += bytes
      bytes.removeAll()
    }
    #expect(chunks == whole)
    #expect(
      losses.diagnostics.map(\.message) == [
        "header line 1 has a line break; written on one line",
        "cue 1 start -00:00:01.000 is negative; written as 00:00:00.000",
      ])
    #expect(losses.withheld == 2)
  }

  @Test func markupWebVTTCannotHold() {
    let text = CueText(nodes: [
      element(.class, ["a.b", ""], nil, .text("x")),
      element(.italic, [], "ignored", .text("y")),
      element(.rubyText, [], nil, .text("z")),
      element(.voice, [], " Tom \t Jerry ", .text("w")),
      .text("\r\n\u{0}"),
      .timestamp(ms(-5)),
    ])
    let result = written(Track(format: .webvtt, cues: [cue("", 0, 1_000, text)]))
    #expect(
      result.text.hasSuffix(
        "00:00:00.000 --> 00:00:01.000\n<c.ab>x</c><i>y</i>z<v Tom Jerry>w</v>\n"
          + "\u{FFFD}<00:00:00.000>\n"
      ))
    #expect(
      result.messages == [
        "cue 1 class a.b has characters a class cannot hold; written as ab",
        "cue 1 class \"\" cannot be written; left out",
        "cue 1 <i> has an annotation, which only <v> and <lang> take; left out",
        "cue 1 has <rt> outside <ruby>, which readers ignore; written without the tag",
        "cue 1 annotation \" Tom \\t Jerry \" has white space readers collapse; "
          + "written as \"Tom Jerry\"",
        "cue 1 text has a carriage return; written as a line break",
        "cue 1 text has a NUL character; written as U+FFFD",
        "cue 1 timestamp -00:00:00.005 is negative; written as 00:00:00.000",
      ])
  }

  @Test func regionLinesOutOfRangeOfTheSyntax() {
    let track = Track(
      format: .webvtt,
      regions: [
        Region(id: "a", lines: 2.5), Region(id: "b", lines: .nan),
        Region(id: "c", lines: 1e34),
      ])
    let result = written(track)
    #expect(
      result.text
        == "WEBVTT\n\nREGION\nid:a\nlines:2\n\nREGION\nid:b\nlines:0\n\nREGION\nid:c\n"
        + "lines:10000000000000000000000000000000000\n")
    #expect(
      result.messages == [
        "region a lines 2.5 is not a whole number; written as 2",
        "region b lines nan is not a number; written as 0",
      ])
  }

  @Test func regionsWebVTTCannotHold() {
    let track = Track(
      format: .webvtt,
      cues: [cue("", 0, 1_000, CueText(plain: "x"), settings: CueSettings(region: "my region"))],
      regions: [
        Region(id: "my region", width: 120, lines: -2),
        Region(id: "dup"), Region(id: "dup", lines: 1),
      ])
    let result = written(track)
    #expect(
      result.text == """
        WEBVTT

        REGION
        id:my_region
        width:100%
        lines:0

        REGION
        id:dup

        REGION
        id:dup
        lines:1

        00:00:00.000 --> 00:00:01.000 region:my_region
        x

        """)
    #expect(
      result.messages == [
        "region my region id has white space or -->; written as my_region",
        "region my region width 120 is outside 0–100; written as 100",
        "region my region lines -2 is negative; written as 0",
      ])
  }

  @Test func aRegionWithoutAnIdIsLeftOut() {
    let result = written(Track(format: .webvtt, regions: [Region(id: "")]))
    #expect(result.text == "WEBVTT\n")
    #expect(result.messages == ["region 1 has no id, so no cue can use it; left out"])
  }

  @Test func emptyStyleSheet() {
    let result = written(Track(format: .webvtt, stylesheets: ["", "a {}"]))
    #expect(result.text == "WEBVTT\n\nSTYLE\na {}\n")
    #expect(result.messages == ["style sheet 1 is empty, which a STYLE block cannot be; left out"])
  }

  @Test func headerLinesOfSpacesStayButEmptyOnesCannot() {
    let result = written(Track(format: .webvtt, header: ["", " ", "", "\t"]))
    #expect(result.text == "WEBVTT\n\nNOTE\n \n\t\n")
    #expect(
      result.messages == ["header line 3 is empty, which would end the header; left out"])
  }

  @Test func extremeNumbersAreWrittenInFull() {
    let track = Track(
      format: .webvtt,
      cues: [
        cue("", 0, 1, CueText(plain: "a"), settings: CueSettings(line: 1.8446744073709552e19)),
        cue("", 0, 1, CueText(plain: "b"), settings: CueSettings(line: -1e20)),
        cue(
          "", 0, 1, CueText(plain: "c"),
          settings: CueSettings(line: .leastNonzeroMagnitude, snapToLines: false)),
        cue("", 0, 1, CueText(plain: "d"), settings: CueSettings(position: 1.25e-7)),
      ])
    let lines = written(track).text.split(separator: "\n").filter { $0.contains("-->") }
    let tiny = "0." + String(repeating: "0", count: 323) + "5"
    #expect(
      lines.map(String.init) == [
        "00:00:00.000 --> 00:00:00.001 line:18446744073709552000",
        "00:00:00.000 --> 00:00:00.001 line:-100000000000000000000",
        "00:00:00.000 --> 00:00:00.001 line:\(tiny)%",
        "00:00:00.000 --> 00:00:00.001 position:0.000000125%",
      ])
  }

  @Test func styleSheetWithBlankLineOrArrow() {
    let track = Track(format: .webvtt, stylesheets: ["a {}\n\nb { content: \"-->\" }"])
    let result = written(track)
    #expect(result.text == "WEBVTT\n\nSTYLE\na {}\nb { content: \"--\\>\" }\n")
    #expect(
      result.messages == [
        "style sheet 1 has empty lines or -->; written without them (--> as --\\>)"
      ])
  }

  @Test func deepTreesAreWrittenWithoutRecursion() {
    var node = CueNode.text("deep")
    for _ in 0..<300 { node = element(.bold, [], nil, node) }
    let result = written(Track(format: .webvtt, cues: [cue("", 0, 1_000, CueText(nodes: [node]))]))
    let expected =
      String(repeating: "<b>", count: 300) + "deep" + String(repeating: "</b>", count: 300)
    #expect(result.text.hasSuffix("00:00:00.000 --> 00:00:01.000\n" + expected + "\n"))
    #expect(result.messages == ["cue 1 nests tags more than 256 deep; readers flatten them"])
  }

  @Test func manyCues() {
    let cues = (0..<100_000).map { index in
      cue(
        "", Int64(index) * 1_000, Int64(index) * 1_000 + 900, CueText(plain: "Cue \(index) & more"))
    }
    var bytes: [UInt8] = []
    let diagnostics = WebVTTWriter.write(Track(format: .webvtt, cues: cues), into: &bytes)
    #expect(diagnostics.isEmpty)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasSuffix("\n\n27:46:39.000 --> 27:46:39.900\nCue 99999 &amp; more\n"))
    // "WEBVTT\n", then per cue a blank line, the timing line (30 bytes) and the text line.
    var expected = 7
    for index in 0..<100_000 { expected += 1 + 30 + "Cue \(index) &amp; more\n".utf8.count }
    #expect(bytes.count == expected)
  }
}
