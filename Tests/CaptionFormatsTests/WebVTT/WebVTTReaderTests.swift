import CaptionCore
import Testing

@testable import CaptionFormats

/// What the reader puts in the model: cues, settings, regions, style sheets, header.
struct WebVTTReaderTests {
  @Test func readsCuesWithIdsTimesAndText() throws {
    let result = WebVTTReader.read(
      "WEBVTT\n\nintro\n00:01.000 --> 00:02.500\nHello\n<i>world</i> &amp; all\n\n"
        + "01:02:03.004 --> 01:02:04.000\nSecond\n", path: "a.vtt")
    #expect(result.diagnostics.isEmpty)
    #expect(result.track.format == .webvtt)
    #expect(result.track.path == "a.vtt")
    #expect(result.track.encoding == "UTF-8")
    let cues = result.track.cues
    #expect(cues.count == 2)
    #expect(cues[0].id == "intro")
    #expect(cues[0].start == MediaTime(milliseconds: 1000))
    #expect(cues[0].end == MediaTime(milliseconds: 2500))
    #expect(cues[0].rawText == "Hello\n<i>world</i> &amp; all")
    #expect(cues[0].location == SourceLocation(line: 3, column: 1, offset: 8))
    #expect(cues[0].settings == .default)
    #expect(cues[1].id == "")
    #expect(cues[1].start == MediaTime(hours: 1, minutes: 2, seconds: 3, milliseconds: 4))
    #expect(cues[1].location == SourceLocation(line: 8, column: 1, offset: 68))
  }

  @Test func readsHoursOfAnyLength() {
    let result = WebVTTReader.read(
      "WEBVTT\n\n100:00:01.000 --> 842:59:59.999 align:start\na\n\n"
        + "123456789:00:00.000 --> 123456789:00:00.001\nb\n\n"
        + "1234567890:00:00.000 --> 1234567890:00:00.001\nc\n\n"
        + "000:00:00.000 --> 00:00:00.500\t\nd\n")
    #expect(result.diagnostics.isEmpty)
    let hour: Int64 = 3_600_000
    #expect(
      result.track.cues.map { [$0.start.milliseconds, $0.end.milliseconds] } == [
        [100 * hour + 1000, 842 * hour + 3_599_999],
        [123_456_789 * hour, 123_456_789 * hour + 1],
        [1_234_567_890 * hour, 1_234_567_890 * hour + 1],
        [0, 500],
      ])
    #expect(result.track.cues.map(\.rawText) == ["a", "b", "c", "d"])
    #expect(result.track.cues[0].settings.align == .start)
  }

  @Test func lineEndingsDoNotChangeTheCues() {
    let lf =
      "WEBVTT\n\nid\n00:01.000 --> 00:02.000 align:end\none\ntwo\n\n00:03.000 --> 00:04.000\nthree\n"
    let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
    let cr = lf.replacingOccurrences(of: "\n", with: "\r")
    let expected = WebVTTReader.read(lf).track.cues.map { [$0.id, $0.rawText, "\($0.start)"] }
    #expect(expected.count == 2)
    #expect(
      WebVTTReader.read(crlf).track.cues.map { [$0.id, $0.rawText, "\($0.start)"] } == expected)
    #expect(
      WebVTTReader.read(cr).track.cues.map { [$0.id, $0.rawText, "\($0.start)"] } == expected)
    #expect(WebVTTReader.read(crlf).track.cues.first?.rawText == "one\ntwo")
  }

  @Test func readsEverySetting() throws {
    let result = WebVTTReader.read(
      "WEBVTT\n\n00:00.000 --> 00:01.000 vertical:lr line:-2,center position:25.5%,line-right"
        + " size:40% align:left\nx\n\n00:01.000 --> 00:02.000 line:30%,end position:60%"
        + " align:right vertical:rl\ny\n")
    #expect(result.diagnostics.isEmpty)
    let first = result.track.cues[0].settings
    #expect(first.vertical == .lr)
    #expect(first.line == -2)
    #expect(first.snapToLines)
    #expect(first.lineAlign == .center)
    #expect(first.position == 25.5)
    #expect(first.positionAlign == .lineRight)
    #expect(first.size == 40)
    #expect(first.align == .left)
    let second = result.track.cues[1].settings
    #expect(second.line == 30)
    #expect(!second.snapToLines)
    #expect(second.lineAlign == .end)
    #expect(second.position == 60)
    #expect(second.positionAlign == .auto)
    #expect(second.align == .right)
    #expect(second.vertical == .rl)
  }

  @Test func readsRegionsAndTheCuesInThem() throws {
    let result = WebVTTReader.read(
      "WEBVTT\n\nREGION\nid:fred width:40% lines:3\nregionanchor:0%,100%\n"
        + "viewportanchor:10%,90% scroll:up\n\nREGION\nid:bill\n\n"
        + "00:00.000 --> 00:01.000 region:fred align:left\nx\n\n"
        + "00:01.000 --> 00:02.000 region:bill size:50%\ny\n\n"
        + "00:02.000 --> 00:03.000 region:bill\nz\n")
    #expect(
      result.track.regions == [
        Region(
          id: "fred", width: 40, lines: 3, regionAnchorX: 0, regionAnchorY: 100,
          viewportAnchorX: 10, viewportAnchorY: 90, scroll: .up),
        Region(id: "bill"),
      ])
    #expect(result.track.cues.map(\.settings.region) == ["fred", nil, "bill"])
    // size:50% takes the cue out of its region: reported, since the region setting is lost.
    #expect(
      result.diagnostics.map(\.message) == [
        "region \"bill\" is ignored because the cue also has a size setting"
      ])
  }

  @Test func readsStyleSheetsBeforeTheFirstCue() {
    let result = WebVTTReader.read(
      "WEBVTT\n\nSTYLE\n::cue {\n  color: yellow;\n}\n\nNOTE between\n\nSTYLE \n::cue(b) { color: red }\n\n"
        + "00:00.000 --> 00:01.000\nx\n")
    #expect(
      result.track.stylesheets == ["::cue {\n  color: yellow;\n}", "::cue(b) { color: red }"])
    #expect(result.diagnostics.isEmpty)
  }

  @Test func keepsHeaderText() {
    #expect(WebVTTReader.read("WEBVTT\n\n").track.header == [])
    #expect(WebVTTReader.read("WEBVTT - Movie title\n\n").track.header == ["- Movie title"])
    let withLines = WebVTTReader.read("WEBVTT\tx\nKind: captions\nLanguage: en\n\n")
    #expect(withLines.track.header == ["x", "Kind: captions", "Language: en"])
  }

  @Test func ignoresNotes() {
    let result = WebVTTReader.read(
      "WEBVTT\n\nNOTE\nThis is a comment\nover two lines\n\nNOTE one line\n\n"
        + "00:00.000 --> 00:01.000\nx\n\nNOTE at the end\n")
    #expect(result.track.cues.map(\.rawText) == ["x"])
    #expect(result.diagnostics.isEmpty)
  }

  @Test func replacesNULWithReplacementCharacter() {
    let result = WebVTTReader.read("WEBVTT\n\ni\u{0}d\n00:00.000 --> 00:01.000\na\u{0}\n")
    #expect(result.track.cues.first?.id == "i\u{FFFD}d")
    #expect(result.track.cues.first?.rawText == "a\u{FFFD}")
    #expect(result.diagnostics.count == 2)
  }

  @Test func emptyCueTextIsACue() {
    let result = WebVTTReader.read("WEBVTT\n\n00:00.000 --> 00:01.000\n\n00:01.000 --> 00:02.000\n")
    #expect(result.track.cues.map(\.rawText) == ["", ""])
    #expect(result.diagnostics.isEmpty)
  }

  @Test func keepsDecodingFindings() {
    let finding = Diagnostic(rule: "parse.encoding", severity: .warning, message: "m")
    let text = DecodedText(
      utf8: Array("WEBVTT\n".utf8), encoding: .windows1252, diagnostics: [finding])
    let result = WebVTTReader.read(text)
    #expect(result.diagnostics == [finding])
    #expect(result.track.encoding == "windows-1252")
  }
}
