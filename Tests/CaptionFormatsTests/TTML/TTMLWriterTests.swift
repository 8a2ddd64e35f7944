import CaptionCore
import Testing

@testable import CaptionFormats

@Suite struct TTMLWriterTests {
  private func cue(
    _ start: Int64, _ end: Int64, _ text: String, id: String = "",
    settings: CueSettings = .default
  ) -> Cue {
    let parsed = WebVTTReader.read("WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n" + text + "\n")
    let cueText = parsed.track.cues.first?.text ?? CueText(plain: text)
    return Cue(
      id: id, start: MediaTime(milliseconds: start), end: MediaTime(milliseconds: end),
      settings: settings, text: cueText, rawText: text)
  }

  @Test func writesAnIMSCDocument() {
    let track = Track(
      format: .webvtt, language: LanguageTag("en"),
      cues: [
        cue(1000, 2500, "Hello <i>brave</i> &amp; <b>new</b>\nworld", id: "intro"),
        cue(
          3000, 4000, "<v Alice>Top</v> <u>left</u>", settings: CueSettings(line: 0, align: .left)),
        cue(3_723_004, 3_724_000, "<lang fr>bonjour</lang> <v Alice>encore</v>"),
      ])
    var bytes: [UInt8] = []
    let lossy = TTMLWriter.write(track, into: &bytes)
    #expect(lossy.isEmpty)
    #expect(
      String(decoding: bytes, as: UTF8.self) == """
        <?xml version="1.0" encoding="UTF-8"?>
        <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
        xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" \
        ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text" xml:lang="en">
          <head>
            <metadata>
              <ttm:agent xml:id="agent1" type="person"><ttm:name type="full">Alice</ttm:name></ttm:agent>
            </metadata>
            <layout>
              <region xml:id="bottom" tts:origin="10% 10%" tts:extent="80% 80%" \
        tts:displayAlign="after" tts:textAlign="center"/>
              <region xml:id="top" tts:origin="10% 10%" tts:extent="80% 80%" \
        tts:displayAlign="before" tts:textAlign="center"/>
            </layout>
          </head>
          <body region="bottom">
            <div>
              <p xml:id="intro" begin="00:00:01.000" end="00:00:02.500">Hello <span \
        tts:fontStyle="italic">brave</span> &amp; <span tts:fontWeight="bold">new</span><br/>world</p>
              <p begin="00:00:03.000" end="00:00:04.000" region="top" tts:textAlign="left"><span \
        ttm:agent="agent1">Top</span> <span tts:textDecoration="underline">left</span></p>
              <p begin="01:02:03.004" end="01:02:04.000"><span xml:lang="fr">bonjour</span> <span \
        ttm:agent="agent1">encore</span></p>
            </div>
          </body>
        </tt>

        """)
  }

  @Test func writesExactTimesAndSaysWhenItRounds() {
    let track = Track(
      format: .ttml, language: LanguageTag("en"),
      cues: [
        Cue(
          start: MediaTime(value: 1, timescale: 10_000), end: MediaTime(value: 3, timescale: 2),
          text: CueText(plain: "decimal"), rawText: "decimal"),
        Cue(
          start: MediaTime(value: 1001, timescale: 30000), end: MediaTime(value: 2, timescale: 1),
          text: CueText(plain: "a frame"), rawText: "a frame"),
      ])
    var bytes: [UInt8] = []
    let lossy = TTMLWriter.write(track, into: &bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains(#"<p begin="00:00:00.0001" end="00:00:01.500">decimal</p>"#))
    #expect(text.contains(#"<p begin="00:00:00.033" end="00:00:02.000">a frame</p>"#))
    #expect(
      lossy.map(\.message) == [
        "cue 2 loses start time precision finer than a nanosecond or not decimal (rounded to "
          + "00:00:00.033) in TTML"
      ])
  }

  /// Colour classes (from WebVTT, SRT's `<font color>` or TTML) are written as `tts:color`;
  /// a colour name TTML does not know, and other classes, are reported lost.
  @Test func writesColourClassesAsTextColours() {
    let track = Track(
      format: .webvtt, language: LanguageTag("en"),
      cues: [
        cue(
          0, 1000,
          "<c.yellow.loud>a</c> <c.color-808080>b</c> <c.color-00ff0080>c</c> "
            + "<c.color-teal>d</c> <c.color-orange>e</c>")
      ])
    var bytes: [UInt8] = []
    let lossy = TTMLWriter.write(track, into: &bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(
      text.contains(
        ##"<span tts:color="#ffff00">a</span> <span tts:color="#808080">b</span> "##
          + ##"<span tts:color="#00ff0080">c</span> <span tts:color="#008080">d</span> e</p>"##))
    #expect(lossy.map(\.message) == ["cue 1 loses class loud, class color-orange in TTML"])
    // Read back, the colours are the same classes (teal by its value).
    let again = TTMLReader.read(text)
    #expect(
      again.track.cues.map { CueTextSerializer.string($0.text) } == [
        "<c.yellow>a</c> <c.color-808080>b</c> <c.color-00ff0080>c</c> <c.color-008080>d</c> e"
      ])
  }

  @Test func reportsWhatTTMLCannotHold() {
    var track = Track(
      format: .webvtt, language: nil,
      cues: [
        cue(0, 1000, "<c.loud>class</c> <00:00:00.500>later <ruby>漢<rt>kan</rt></ruby>", id: "1"),
        cue(
          1000, 2000, "positioned",
          settings: CueSettings(line: 30, snapToLines: false, position: 20, size: 50)),
        cue(2000, 3000, "  spaced\ttext"),
      ], stylesheets: ["::cue { color: red }"], regions: [Region(id: "r")],
      header: ["Kind: captions"])
    track.path = "in.vtt"
    track.comments = [
      TrackComment(text: "NOTE a", beforeCue: 0), TrackComment(text: "NOTE b", beforeCue: 2),
    ]
    var bytes: [UInt8] = []
    let lossy = TTMLWriter.write(track, into: &bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains(#"xml:lang="">"#))
    #expect(text.contains(#"<p begin="00:00:00.000" end="00:00:01.000">class later 漢(kan)</p>"#))
    #expect(
      text.contains(#"<p begin="00:00:01.000" end="00:00:02.000" region="top">positioned</p>"#))
    #expect(
      text.contains(
        #"<p begin="00:00:02.000" end="00:00:03.000" xml:space="preserve">  spaced"# + "\ttext</p>")
    )
    #expect(
      lossy.map(\.message) == [
        "1 style sheet not kept in TTML",
        "1 WebVTT region not kept in TTML",
        "header text not kept in TTML",
        "2 NOTE comments not kept in TTML",
        "cue 1 loses class loud, inner timestamp 00:00:00.500, ruby (its text written in "
          + "parentheses) in TTML",
        "cue 2 loses line 30% (written as the top region), position 20%, size 50% in TTML",
        "1 cue id is not XML names or repeated (such as 1); not kept",
        "the track has no language; written as xml:lang=\"\"",
      ])
    #expect(lossy.allSatisfy { $0.rule == "convert.lossy" && $0.file == "in.vtt" })
  }

  @Test func escapesEveryText() {
    let track = Track(
      format: .webvtt, language: LanguageTag("en"),
      cues: [
        Cue(
          id: "a\"b", start: .zero, end: MediaTime(milliseconds: 1000),
          text: CueText(nodes: [
            .element(
              CueElement(kind: .voice, annotation: "<Bob & \"Co\">", children: [.text("<x> & ]]>")])
            )
          ]), rawText: "")
      ])
    let text = TTMLWriter.string(track)
    #expect(text.contains(#"<ttm:name type="full">&lt;Bob &amp; "Co"&gt;</ttm:name>"#))
    #expect(text.contains(#"<span ttm:agent="agent1">&lt;x&gt; &amp; ]]&gt;</span>"#))
    let back = TTMLReader.read(text)
    #expect(back.diagnostics.isEmpty)
    #expect(back.track.cues.first?.text.dump == #"v[<Bob & "Co">]("<x> & ]]>")"#)
  }
}

@Suite struct TTMLWriterCharacterTests {
  @Test func replacesWhatXMLCannotHoldAndSaysSo() {
    let track = Track(
      format: .webvtt, language: LanguageTag("en"),
      cues: [
        Cue(
          start: .zero, end: MediaTime(milliseconds: 1000),
          text: CueText(nodes: [
            .element(
              CueElement(
                kind: .voice, classes: ["loud"], annotation: "Ann",
                children: [
                  .text("a\u{1}b\u{FFFF}c\r\nd\re\tf é")
                ]))
          ]), rawText: "")
      ])
    var bytes: [UInt8] = []
    let lossy = TTMLWriter.write(track, into: &bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(
      text.contains(
        "<span ttm:agent=\"agent1\">a\u{FFFD}b\u{FFFD}c<br/>d<br/>e\tf é</span>"))
    #expect(
      lossy.map(\.message) == [
        "cue 1 loses class loud, a carriage return (written as a line break), characters XML "
          + "cannot hold (written as U+FFFD) in TTML"
      ])
  }
}
