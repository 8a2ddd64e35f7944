import CaptionCore
import Testing

@testable import CaptionFormats

@Suite struct TTMLReaderTests {
  private func read(_ text: String) -> ReadResult { TTMLReader.read(text, path: "t.ttml") }
  private func summaries(_ text: String) -> [String] { read(text).diagnostics.map(\.summary) }

  @Test func readsParagraphsSpansAndLineBreaks() {
    let result = read(
      TTMLTestSupport.document(
        """
        <div>
          <p xml:id="c1" begin="00:00:01.000" end="00:00:02.500">Hello
            <span tts:fontStyle="italic">brave</span>   new<br/>  world  </p>
          <p begin="3s" dur="1.5s">a &amp; b &lt;c&gt;</p>
        </div>
        """))
    #expect(result.diagnostics.isEmpty)
    let cues = result.track.cues
    #expect(cues.count == 2)
    #expect(cues[0].id == "c1")
    #expect(cues[0].start == MediaTime(milliseconds: 1000))
    #expect(cues[0].end == MediaTime(milliseconds: 2500))
    #expect(cues[0].text.dump == #""Hello " i("brave") " new\nworld""#)
    #expect(cues[0].rawText == "Hello <i>brave</i> new\nworld")
    #expect(
      cues[1].range
        == TimeRange(start: MediaTime(milliseconds: 3000), end: MediaTime(milliseconds: 4500)))
    #expect(cues[1].text.plainString == "a & b <c>")
    #expect(cues[1].rawText == "a & b <c>")
    #expect(result.track.format == .ttml)
    #expect(result.track.language == LanguageTag("en"))
    #expect(
      cues[0].location == SourceLocation(line: 5, column: 3, offset: cues[0].location?.offset ?? -1)
    )
  }

  @Test func locatesEachCueAtItsParagraph() throws {
    let text = TTMLTestSupport.document(
      "<p begin=\"1s\" end=\"2s\">é</p>\n<p begin=\"2s\" end=\"3s\">b</p>")
    let cues = read(text).track.cues
    let bytes = Array(text.utf8)
    for cue in cues {
      let location = try #require(cue.location)
      #expect(bytes[location.offset] == UInt8(ascii: "<"))
      #expect(bytes[location.offset + 1] == UInt8(ascii: "p"))
    }
    #expect(cues.map { $0.location?.line } == [4, 5])
    #expect(cues.map { $0.location?.column } == [7, 1])
  }

  @Test func nestsTimesInTheirContainers() {
    let result = read(
      TTMLTestSupport.document(
        """
        <div begin="10s" end="20s">
          <p begin="1s" end="2s">relative to the div</p>
          <p begin="5s">ends with the div</p>
          <p begin="8s" end="15s">clipped by the div</p>
          <div begin="2s"><p begin="1s" dur="500ms">two levels</p></div>
        </div>
        <div timeContainer="seq" begin="30s">
          <p dur="1s">first</p>
          <p dur="2s">after the first</p>
          <p begin="1s" dur="1s">a second after the second</p>
        </div>
        """))
    #expect(result.diagnostics.isEmpty)
    #expect(
      result.track.cues.map { "\($0.start.decimalSeconds)-\($0.end.decimalSeconds)" } == [
        "11.000-12.000", "15.000-20.000", "18.000-20.000", "13.000-13.500",
        "30.000-31.000", "31.000-33.000", "34.000-35.000",
      ])
  }

  @Test func readsFramesAndTicksWithTheDocumentRates() {
    let result = read(
      TTMLTestSupport.document(
        """
        <p begin="00:00:01:15" end="00:00:02:00">frames</p>
        <p begin="60f" end="9009t">offsets</p>
        """,
        attributes:
          "xml:lang=\"en\" ttp:frameRate=\"30\" ttp:frameRateMultiplier=\"1000 1001\" ttp:tickRate=\"3000\""
      ))
    #expect(result.diagnostics.isEmpty)
    let cues = result.track.cues
    #expect(cues[0].start == MediaTime(value: 30000 + 15 * 1001, timescale: 30000))
    #expect(cues[0].end == MediaTime(value: 2, timescale: 1))
    #expect(cues[1].start == MediaTime(value: 60 * 1001, timescale: 30000))
    #expect(cues[1].end == MediaTime(value: 3003, timescale: 1000))
  }

  @Test func defaultsTheTickRateToTheFrameRate() {
    let result = read(
      TTMLTestSupport.document(
        "<p begin=\"25t\" end=\"50t\">x</p>", attributes: "xml:lang=\"en\" ttp:frameRate=\"25\""))
    #expect(
      result.track.cues.first?.range
        == TimeRange(start: MediaTime(milliseconds: 1000), end: MediaTime(milliseconds: 2000)))
  }

  @Test func inheritsStylesFromReferencesRegionsAndAncestors() {
    let head = """
      <styling>
        <style xml:id="base" tts:fontWeight="bold"/>
        <style xml:id="em" style="base" tts:fontStyle="italic"/>
      </styling>
      <layout>
        <region xml:id="r1" tts:origin="10% 10%" tts:extent="80% 80%" tts:displayAlign="after">
          <style tts:fontStyle="italic"/>
        </region>
      </layout>
      """
    let result = read(
      TTMLTestSupport.document(
        """
        <div style="base">
          <p begin="1s" end="2s">bold from the div <span tts:fontWeight="normal">normal</span></p>
          <p begin="2s" end="3s" style="em">bold italic from a chain</p>
        </div>
        <div region="r1">
          <p begin="3s" end="4s">italic from the region <span tts:fontStyle="normal">plain</span></p>
          <p begin="4s" end="5s"><span tts:textDecoration="underline">under</span></p>
        </div>
        """, head: head))
    #expect(result.diagnostics.isEmpty)
    #expect(
      result.track.cues.map(\.text.dump) == [
        #"b("bold from the div ") "normal""#,
        #"b(i("bold italic from a chain"))"#,
        #"i("italic from the region ") "plain""#,
        #"i(u("under"))"#,
      ])
  }

  @Test func placesRegionsAsLineSettings() {
    let head = """
      <layout>
        <region xml:id="bottom" tts:origin="10% 10%" tts:extent="80% 80%" tts:displayAlign="after"/>
        <region xml:id="top" tts:origin="10% 10%" tts:extent="80% 80%"/>
        <region xml:id="middle" tts:origin="10% 25%" tts:extent="80% 50%" tts:displayAlign="center"/>
        <region xml:id="high" tts:origin="0% 0%" tts:extent="100% 60%" tts:displayAlign="after"/>
        <region xml:id="low" tts:origin="0% 40%" tts:extent="100% 60%" tts:displayAlign="before"/>
        <region xml:id="cells" tts:origin="0c 0c" tts:extent="32c 5c" tts:displayAlign="after"/>
        <region xml:id="pixels" tts:origin="0px 540px" tts:extent="1920px 540px" tts:displayAlign="before"/>
      </layout>
      """
    let body =
      ["bottom", "top", "middle", "high", "low", "cells", "pixels"].enumerated().map {
        "<p region=\"\($0.element)\" begin=\"\($0.offset)s\" end=\"\($0.offset + 1)s\">x</p>"
      }.joined() + "<p begin=\"9s\" end=\"10s\" tts:textAlign=\"left\">left</p>"
    let result = read(
      TTMLTestSupport.document(
        body, head: head, attributes: "xml:lang=\"en\" tts:extent=\"1920px 1080px\""))
    #expect(result.diagnostics.isEmpty)
    #expect(
      result.track.cues.map(\.settings) == [
        CueSettings(),
        CueSettings(line: 0),
        CueSettings(line: 50, snapToLines: false, lineAlign: .center),
        CueSettings(line: 60, snapToLines: false, lineAlign: .end),
        CueSettings(line: 40, snapToLines: false),
        CueSettings(line: 33.333333, snapToLines: false, lineAlign: .end),
        CueSettings(line: 50, snapToLines: false),
        CueSettings(align: .left),
      ])
  }

  @Test func keepsLanguagesVoicesAndProfiles() {
    let head = """
      <metadata>
        <ttm:agent xml:id="a1" type="person"><ttm:name type="full">Alice  Smith</ttm:name></ttm:agent>
      </metadata>
      """
    let result = read(
      TTMLTestSupport.document(
        """
        <p begin="1s" end="2s" ttm:agent="a1">Hi <span xml:lang="fr">bonjour</span></p>
        """, head: head,
        attributes:
          "xml:lang=\"en-GB\" ttp:contentProfiles=\"http://www.w3.org/ns/ttml/profile/imsc1.1/text\""
      ))
    #expect(result.diagnostics.isEmpty)
    #expect(result.track.language == LanguageTag("en-GB"))
    #expect(
      result.track.header == [
        "", "ttp:contentProfiles: http://www.w3.org/ns/ttml/profile/imsc1.1/text",
      ])
    #expect(result.track.cues[0].text.dump == #"v[Alice Smith]("Hi " lang[fr]("bonjour"))"#)
    #expect(result.track.cues[0].rawText == "<v Alice Smith>Hi <lang fr>bonjour</lang></v>")
  }

  @Test func keepsWhiteSpaceWhenAskedTo() {
    let result = read(
      TTMLTestSupport.document(#"<p begin="1s" end="2s" xml:space="preserve">  a  b"# + "\nc</p>"))
    #expect(result.track.cues[0].text.plainString == "  a  b\nc")
  }

  @Test func readsCDATAAndPrefixedElementsAsText() {
    let result = read(
      """
      <tt:tt xmlns:tt="http://www.w3.org/ns/ttml" xmlns:s="http://www.w3.org/ns/ttml#styling" \
      xml:lang="en"><tt:body><tt:p begin="1s" end="2s" s:fontWeight="bold"><![CDATA[a <b> & c]]>\
      </tt:p></tt:body></tt:tt>
      """)
    #expect(result.diagnostics.isEmpty)
    #expect(result.track.cues.map(\.text.dump) == [#"b("a <b> & c")"#])
  }

  @Test func readsDFXPNamespacesAndTTWithoutNamespace() {
    let dfxp = """
      <tt xmlns="http://www.w3.org/2006/10/ttaf1" xmlns:tts="http://www.w3.org/2006/10/ttaf1#styling" xml:lang="de">
      <body><p begin="1s" end="2s" tts:fontStyle="italic">alt</p></body></tt>
      """
    let old = read(dfxp)
    #expect(old.diagnostics.isEmpty)
    #expect(old.track.cues.map(\.text.dump) == [#"i("alt")"#])
    let bare = read("<tt xml:lang=\"en\"><body><p begin=\"1s\" end=\"2s\">x</p></body></tt>")
    #expect(
      bare.diagnostics.map(\.summary) == ["1:1: warning: <tt> has no namespace; read as TTML"])
    #expect(bare.track.cues.count == 1)
  }

  @Test func reportsBadTimesAndMissingEnds() {
    let text = TTMLTestSupport.document(
      """
      <p begin="1:2" end="2s">a</p>
      <p begin="00:00:01:40" end="2s">b</p>
      <p begin="5s" end="4s">c</p>
      <p begin="5s">d</p>
      <p begin="6s" end="7s" dur="1x">e</p>
      <p begin="8s" end="9:9">f</p>
      """)
    let result = read(text)
    #expect(
      result.diagnostics.map(\.summary) == [
        "4:10: error: cue 1 begin '1:2' is not a TTML time expression; read as the begin of the element around it",
        "5:4: error: cue 2 begin '00:00:01:40' has frames 40, more than the highest, 29; read as the begin of the element around it",
        "7:1: error: cue 4 has no end time; kept ending at its start",
        "8:24: error: cue 5 dur '1x' is not a TTML time expression",
        "9:1: error: cue 6 has no end time that can be read; kept ending at its start",
        "9:15: error: cue 6 end '9:9' is not a TTML time expression",
      ])
    // A dur that cannot be read beside an end that can: the end is used.
    #expect(result.track.cues.map(\.text.plainString) == ["a", "b", "c", "d", "e", "f"])
    #expect(result.diagnostics.map { $0.cue?.index } == [1, 2, 4, 5, 6, 6])
    #expect(result.track.cues[4].end == MediaTime(milliseconds: 7000))
    // An end before the begin is kept as read, for the timing rules to report.
    #expect(
      result.track.cues[2].range
        == TimeRange(start: MediaTime(milliseconds: 5000), end: MediaTime(milliseconds: 4000)))
    #expect(
      result.track.cues[3].range
        == TimeRange(start: MediaTime(milliseconds: 5000), end: MediaTime(milliseconds: 5000)))
  }

  /// `tts:color`, from a style, a region or the element, inherited, becomes the colour class
  /// SRT's `<font color>` gives (speakers are told apart by colour in broadcast subtitles);
  /// white, the default, adds none.
  @Test func readsTextColoursAsColourClasses() {
    let result = read(
      TTMLTestSupport.document(
        """
        <div style="white">
        <p begin="1s" end="2s">plain</p>
        <p begin="2s" end="3s" style="yellow">Yellow <span tts:fontStyle="italic">speaks</span></p>
        <p begin="3s" end="4s"><span tts:color="Cyan">one,</span> \
        <span tts:color="rgb(128, 128, 128)">grey</span> \
        <span tts:color="#00FF0080">half</span> <span tts:color="#ff8800ff">orange</span> \
        <span style="yellow"><span tts:color="white">white again</span></span></p>
        <p begin="4s" end="5s" tts:color="rgb(1,2)">bad</p>
        </div>
        """,
        head: """
          <styling><style xml:id="white" tts:color="white" tts:backgroundColor="black"/>\
          <style xml:id="yellow" tts:color="yellow"/></styling>
          """))
    #expect(
      result.track.cues.map { CueTextSerializer.string($0.text) } == [
        "plain", "<c.yellow>Yellow <i>speaks</i></c>",
        "<c.cyan>one,</c> <c.color-808080>grey</c> <c.color-00ff0080>half</c> "
          + "<c.color-ff8800>orange</c> white again",
        "bad",
      ])
    #expect(
      result.diagnostics.map(\.summary).filter { !$0.contains("backgroundColor") } == [
        "8:24: error: tts:color 'rgb(1,2)' is not #rrggbb, #rrggbbaa, rgb(), rgba() or a "
          + "colour name"
      ])
  }

  @Test func reportsWhatItDoesNotKeepOnceWithACount() {
    let text = TTMLTestSupport.document(
      """
      <p begin="1s" end="2s" tts:fontSize="red">a</p>
      <p begin="2s" end="3s" tts:fontSize="blue" tts:fontStyle="slanted">b</p>
      <p begin="3s" end="4s"><set tts:color="red"/>c<image src="x.png"/></p>
      <span>stray</span>
      """)
    #expect(
      summaries(text) == [
        "4:30: remark: styling tts:fontSize is not kept (2 times; this is the first)",
        "5:44: error: tts:fontStyle 'slanted' is not normal, italic or oblique",
        "6:24: warning: <set> animation is not applied",
        "6:47: warning: <image> is not supported in IMSC Text; not read",
        "7:1: error: <span> is not allowed inside <body>; not read",
      ])
  }

  @Test func reportsMalformedXMLWhereItIsAndKeepsTheCuesBefore() {
    let text = TTMLTestSupport.document(
      """
      <p begin="1s" end="2s">kept</p>
      <p begin="2s" end="3s">broken</span>
      """)
    let result = read(text)
    #expect(result.track.cues.first?.text.plainString == "kept")
    #expect(
      result.diagnostics.first?.summary
        == "5:37: error: malformed XML: closing tag </span> does not match the open <p>")
    #expect(
      summaries("<tt xml:lang=\"en\" xmlns=\"http://www.w3.org/ns/ttml\"><body>&nbsp;</body></tt>")
        .first
        == "1:65: error: malformed XML: entity &nbsp; is not declared (write & as &amp;)")
    #expect(
      summaries("<html><body/></html>") == [
        "1:1: error: the root element is <html>, not <tt> in the TTML namespace"
      ])
  }

  @Test func reportsUndefinedReferences() {
    let text = TTMLTestSupport.document(
      """
      <p begin="1s" end="2s" style="nope" region="gone" ttm:agent="who">a</p>
      """)
    #expect(
      summaries(text) == [
        "4:7: warning: region 'gone' is not defined; cues in it are placed at the bottom",
        "4:30: warning: style 'nope' is not defined",
        "4:57: warning: cue 1 ttm:agent 'who' names no <ttm:agent> with a <ttm:name>",
      ])
  }
}
