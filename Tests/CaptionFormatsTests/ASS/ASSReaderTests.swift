import CaptionCore
import CaptionFormats
import Testing

/// What `ASSReader` reads of ASS and SSA scripts, and the `parse.ass` finding for each problem.
@Suite struct ASSReaderTests {
  private static let header = """
    [Script Info]
    ScriptType: v4.00+
    PlayResY: 288

    [V4+ Styles]
    Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
    Style: Default,Arial,16,&Hffffff,&Hffffff,&H0,&H0,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,0
    Style: Italic,Arial,16,&Hffffff,&Hffffff,&H0,&H0,0,-1,0,0,100,100,0,0,1,1,0,2,10,10,10,0
    Style: Under,Arial,16,&Hffffff,&Hffffff,&H0,&H0,0,0,-1,0,100,100,0,0,1,1,0,8,10,10,10,0

    [Events]
    Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

    """

  private func read(_ events: String) -> ReadResult {
    ASSReader.read(Self.header + events, path: "t.ass")
  }

  private func summaries(_ result: ReadResult) -> [String] { result.diagnostics.map(\.summary) }

  @Test func readsTimesTextAndPlaces() throws {
    let result = read(
      "Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,Hello, world, again\n"
        + "Dialogue: 0,1:02:03.04,1:02:04.99,Default,,0,0,0,,Bye\n")
    #expect(result.diagnostics.isEmpty)
    let cues = result.track.cues
    try #require(cues.count == 2)
    #expect(cues[0].start == MediaTime(milliseconds: 1000))
    #expect(cues[0].end == MediaTime(milliseconds: 2500))
    #expect(cues[0].rawText == "Hello, world, again")
    #expect(cues[0].id == "")
    #expect(cues[1].start == MediaTime(hours: 1, minutes: 2, seconds: 3, milliseconds: 40))
    #expect(cues[1].end == MediaTime(hours: 1, minutes: 2, seconds: 4, milliseconds: 990))
    let line = Self.header.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(
      cues[0].location == SourceLocation(line: line, column: 1, offset: Self.header.utf8.count))
  }

  @Test func mapsOverrideTagsAndStylesToCueText() {
    let result = read(
      #"""
      Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\i1}in{\i0} out {\b1}b{\b0} {\u1}u{\u0}
      Dialogue: 0,0:00:03.00,0:00:04.00,Italic,,0,0,0,,all {\i0}but this
      Dialogue: 0,0:00:05.00,0:00:06.00,Default,,0,0,0,,one\Ntwo\nthree\hfour
      Dialogue: 0,0:00:07.00,0:00:08.00,Default,,0,0,0,,{\rItalic}styled{\r} plain
      Dialogue: 0,0:00:09.00,0:00:10.00,Default,,0,0,0,,{\fs40\c&HFF&\pos(1,2)\blur3}tags dropped
      Dialogue: 0,0:00:11.00,0:00:12.00,Under,,0,0,0,,underlined by style
      """#)
    #expect(result.diagnostics.isEmpty)
    #expect(
      result.track.cues.map(\.text.dump) == [
        #"i("in") " out " b("b") " " u("u")"#,
        #"i("all ") "but this""#,
        "\"one\\ntwo\\nthree\u{A0}four\"",
        #"i("styled") " plain""#,
        #"c.red("tags dropped")"#,
        #"u("underlined by style")"#,
      ])
    #expect(result.track.cues[1].rawText == "<i>all </i>but this")
    #expect(result.track.cues[5].settings == CueSettings(line: 0))
  }

  /// The text colour (a style's PrimaryColour, `\c` and `\1c`, back with `\c` or `\r`) is a
  /// colour class, as SRT's `<font color>` is read; white, the default, adds none.
  @Test func readsTextColoursAsColourClasses() {
    let result = ASSReader.read(
      Self.header.replacingOccurrences(
        of: "Style: Under,Arial,16,&Hffffff,",
        with: "Style: Under,Arial,16,&H0000FFFF,")
          + #"""
          Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,a {\c&H0088FF&}b{\c} c {\1c&HFF0000&}{\i1}d
          Dialogue: 0,0:00:03.00,0:00:04.00,Under,,0,0,0,,e {\c&HFFFFFF&}f{\r} g {\c&Hnope&}h
          Dialogue: 0,0:00:05.00,0:00:06.00,Default,,0,0,0,,{\2c&HFF&\3c&HFF&}i
          """#, path: "t.ass")
    #expect(result.diagnostics.isEmpty)
    #expect(
      result.track.cues.map(\.rawText) == [
        "a <c.color-ff8800>b</c> c <c.blue><i>d</i></c>",
        "<c.yellow><u>e </u></c><u>f</u><c.yellow><u> g h</u></c>",
        "i",
      ])
  }

  @Test func mapsAlignmentTagsAndMarginsToSettings() {
    let result = read(
      #"""
      Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\an1}bottom left
      Dialogue: 0,0:00:02.00,0:00:03.00,Default,,0,0,0,,{\an5}middle
      Dialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,{\an9}top right
      Dialogue: 0,0:00:04.00,0:00:05.00,Default,,0,0,0,,{\a6}legacy top
      Dialogue: 0,0:00:05.00,0:00:06.00,Under,,0,0,0,,{\an2}override beats the style
      Dialogue: 0,0:00:06.00,0:00:07.00,Default,,0,0,72,,raised a quarter
      Dialogue: 0,0:00:07.00,0:00:08.00,Under,,0,0,144,,lowered to the middle
      Dialogue: 0,0:00:08.00,0:00:09.00,Default,,0,0,10,,the style's own margin
      """#)
    #expect(result.diagnostics.isEmpty)
    #expect(
      result.track.cues.map(\.settings) == [
        CueSettings(align: .left),
        CueSettings(line: 50, snapToLines: false, lineAlign: .center),
        CueSettings(line: 0, align: .right),
        CueSettings(line: 0),
        .default,
        CueSettings(line: 75, snapToLines: false, lineAlign: .end),
        CueSettings(line: 50, snapToLines: false, lineAlign: .start),
        .default,
      ])
  }

  @Test func readsTheNameAsAVoice() {
    let result = read(
      "Dialogue: 0,0:00:01.00,0:00:02.00,Default,Anna & <Bo>,0,0,0,,{\\i1}Hi{\\i0}\\Nthere\n")
    let cue = result.track.cues[0]
    #expect(cue.text.dump == #"v[Anna & <Bo>](i("Hi") "\nthere")"#)
    #expect(cue.rawText == "<v Anna &amp; &lt;Bo&gt;><i>Hi</i>\nthere</v>")
  }

  @Test func sortsEventsByStartThenLayerKeepingFileOrder() {
    let result = read(
      """
      Dialogue: 0,0:00:05.00,0:00:06.00,Default,,0,0,0,,third
      Dialogue: 1,0:00:01.00,0:00:02.00,Default,,0,0,0,,second, on top
      Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,first, below
      Dialogue: 1,0:00:05.00,0:00:06.00,Default,,0,0,0,,fifth
      Dialogue: 0,0:00:05.00,0:00:06.00,Default,,0,0,0,,fourth
      Comment: 0,0:00:00.00,0:00:09.00,Default,,0,0,0,,never shown
      """)
    #expect(result.diagnostics.isEmpty)
    #expect(
      result.track.cues.map(\.rawText) == [
        "first, below", "second, on top", "third", "fourth", "fifth",
      ])
    #expect(result.track.cues.map { $0.location?.line } == [15, 14, 13, 17, 16])
  }

  @Test func readsFieldsInTheOrderTheFormatLineGives() {
    let text = """
      [Script Info]
      ScriptType: v4.00+
      Language: pt-BR

      [Events]
      Format: Start, End, Text
      Dialogue: 0:00:01.00, 0:00:02.00, Only three fields, and commas
      """
    let result = ASSReader.read(text, path: "t.ass")
    #expect(result.diagnostics.isEmpty)
    #expect(result.track.cues.map(\.rawText) == ["Only three fields, and commas"])
    #expect(result.track.language == LanguageTag("pt-BR"))
  }

  @Test func refusesAnEventsFormatLineWithoutTheTextLast() {
    let text = """
      [Script Info]

      [Events]
      Format: Layer, Start, End, Text, Style
      Dialogue: 0,0:00:01.00,0:00:02.00,x,Default
      Format: Layer, End, Text
      Dialogue: 0,0:00:01.00,x
      """
    let result = ASSReader.read(text, path: "t.ass")
    #expect(
      summaries(result) == [
        "4:9: error: Text is not the last field of the events' Format line; events cannot be read",
        "6:9: error: the events' Format line has no Start field; events cannot be read",
      ])
    #expect(result.track.cues.isEmpty)
    #expect(result.isRejected)
  }

  @Test func reportsMalformedLinesAtTheirPlace() {
    let result = read(
      """
      Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,kept
      Dialogue: 0,0:0:03.00,0:00:04.00,Default,,0,0,0,,one-digit minutes
      Dialogue: 0,0:00:05.00,0:60:06.00,Default,,0,0,0,,sixty minutes
      Dialogue: 0,0:00:07.00,0:00:08.00,Default
      Dialogue: 0,0:00:09,0:00:10.00,Default,,0,0,0,,no fraction
      Dialogue: 0,0:00:11.00,0:00:12.00,Default,,0,0,0,,{\\p1}m 0 0 l 1 1{\\p0}and text
      Picture: 0,0:00:13.00,0:00:14.00,Default,,0,0,0,,logo.bmp
      """)
    #expect(
      summaries(result) == [
        "14:13: warning: event start '0:0:03.00' is not written H:MM:SS.cc; read as 00:00:03.000",
        "15:24: error: event end '0:60:06.00' is not a time H:MM:SS.cc; event dropped",
        "16:42: error: Dialogue has 4 fields; the Format line names 10; event dropped",
        "17:13: warning: event start '0:00:09' is not written H:MM:SS.cc; read as 00:00:09.000",
        "18:1: remark: drawing (\\p1) in the Dialogue at 00:00:11.000 left out",
        "19:1: remark: Picture events are not kept",
      ])
    #expect(
      result.track.cues.map(\.rawText) == [
        "kept", "one-digit minutes", "no fraction", "and text",
      ])
    #expect(result.diagnostics.allSatisfy { $0.rule == "parse.ass" && $0.file == "t.ass" })
  }

  @Test func reportsAScriptThatDoesNotStartWithScriptInfo() {
    let text = """
      ; a comment first is fine
      [Events]
      Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,text
      """
    #expect(
      summaries(ASSReader.read(text)) == [
        "2:1: warning: the script starts with [Events], not [Script Info]",
        "3:1: warning: [Events] has no Format line before its first event; fields read as "
          + "Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
      ])
  }

  @Test func readsCarriageReturnsAndSkipsOtherSections() {
    let text =
      "[Script Info]\r\nScriptType: v4.00+\r\n\r\n[Fonts]\r\nfontname: a.ttf\r\n!!!garbage\r\n"
      + "[Aegisub Project Garbage]\r\nVideo File: x.mkv\r\n\r\n[Events]\r\n"
      + "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\r\n"
      + "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,CRLF\r\n"
    let result = ASSReader.read(text)
    #expect(result.diagnostics.isEmpty)
    #expect(result.track.cues.map(\.rawText) == ["CRLF"])
  }

  @Test func reportsStyleAndScriptInfoProblems() {
    let text = """
      [Script Info]
      Language: not a tag
      PlayResX: -4

      [V4 Styles]
      Format: Name, Bold, Italic, Alignment, MarginV
      Style: Old,0,0,4,10
      Style: Short,-1
      Style: Wide,0,0,2,x
      Colour: Red
      Format: Fontname, Bold

      [Events]
      Dialogue: Marked=0,0:00:01.00,0:00:02.00,Short,,0,0,0,,bold by style
      """
    let result = ASSReader.read(text, path: "t.ssa")
    #expect(
      summaries(result) == [
        "2:11: warning: Language 'not a tag' is not a BCP 47 language tag; ignored",
        "3:11: warning: PlayResX '-4' is not a positive whole number; ignored",
        "7:16: warning: style 'Old' alignment '4' is not 1-3, 5-7 or 9-11; read as bottom centre",
        "8:1: warning: Style has 2 fields; the Format line names 5",
        "9:19: warning: style 'Wide' MarginV 'x' is not a whole number; read as 0",
        "10:1: warning: 'Colour' line in a styles section is not a Format or Style line; ignored",
        "11:9: warning: the styles' Format line has no Name field; styles cannot be used",
        "14:1: warning: [Events] has no Format line before its first event; fields read as "
          + "Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
      ])
    #expect(result.track.cues.map(\.text.dump) == [#"b("bold by style")"#])
    #expect(result.track.language == nil)
  }
}
