import CaptionCore
import CaptionFormats
import Testing

/// The TTML samples: the capability file reads without findings, the broken file with exactly
/// the findings listed here.
@Suite struct TTMLSampleTests {
  @Test func readsTheCapabilitySample() throws {
    let bytes = try TTMLTestSupport.sample("capability.ttml")
    let result = TTMLReader.read(TextDecoding.decode(bytes), path: "capability.ttml")
    #expect(result.diagnostics.isEmpty)
    let track = result.track
    #expect(track.language == LanguageTag("en"))
    #expect(
      track.header == ["", "ttp:contentProfiles: http://www.w3.org/ns/ttml/profile/imsc1.1/text"])
    let cues = track.cues
    #expect(cues.count == 24)
    #expect(cues.prefix(4).map(\.id) == ["clock", "frames", "sub-frames", "offsets"])
    func ms(_ value: Int64) -> MediaTime { MediaTime(milliseconds: value) }
    // Frames at 30000/1001, sub-frames at 2 per frame, ticks at 10 MHz: exact fractions.
    #expect(cues[1].start == MediaTime(value: 3, timescale: 1))
    #expect(cues[1].end == MediaTime(value: 4 * 30000 + 15 * 1001, timescale: 30000))
    #expect(cues[2].start == MediaTime(value: 4 * 60000 + 31 * 1001, timescale: 60000))
    #expect(
      cues[4].range
        == TimeRange(
          start: MediaTime(value: 6006, timescale: 1000),
          end: MediaTime(value: 9006, timescale: 1000)))
    #expect(cues[5].range == TimeRange(start: ms(7200), end: ms(7500)))
    #expect(cues[7].range == TimeRange(start: ms(12_000), end: ms(20_000)))
    #expect(cues[9].range == TimeRange(start: ms(21_000), end: ms(22_000)))
    #expect(
      cues[10...].map(\.text.dump) == [
        #"i("Italic") ", " b("bold") " and " u("underlined") " text""#,
        #"b(i("Bold italic from a chain of styles"))"#,
        #"u("Underlined by reference")"#,
        #"i("Italic from its region")"#,
        #"v[Narrator]("A voice from an agent")"#,
        #"v[The Keeper]("The Keeper") " speaks " lang[fr]("en français")"#,
        #""  Spaces  kept as written""#,
        #""Entities: & < > é —""#,
        #""At the top""#,
        #""In the middle""#,
        #""At the bottom of the upper third""#,
        #""From the tenth row down""#,
        #""Aligned left""#,
        #""Aligned at the end""#,
      ])
    #expect(cues[0].text.plainString == "Clock time with milliseconds\nand a second line")
    #expect(
      cues[18...].map(\.settings) == [
        CueSettings(line: 0),
        CueSettings(line: 50, snapToLines: false, lineAlign: .center),
        CueSettings(line: 33.333333, snapToLines: false, lineAlign: .end),
        CueSettings(line: 60, snapToLines: false),
        CueSettings(align: .left),
        CueSettings(align: .end),
      ])
    #expect(cues[..<18].allSatisfy { $0.settings == .default })
  }

  @Test func readsTheBrokenSampleWithEveryFaultReported() throws {
    let bytes = try TTMLTestSupport.sample("broken.ttml")
    let result = TTMLReader.read(TextDecoding.decode(bytes), path: "broken.ttml")
    #expect(
      result.diagnostics.map(\.summary) == [
        "2:1: warning: the document type declaration is ignored; IMSC allows none",
        "7:5: error: ttp:frameRate '0' is not a whole number from 1 to 1000000",
        "7:23: warning: xml:lang 'en_US' is not a BCP 47 language tag",
        "10:7: warning: style 'missing' is not defined",
        "10:42: error: tts:fontStyle 'slanted' is not normal, italic or oblique",
        "13:7: warning: <region> has no xml:id, so no content can be shown in it",
        "18:10: error: cue 1 begin '1:2' is not a TTML time expression; read as the begin of the element around it",
        "19:10: error: cue 2 begin '00:00:03:40' has frames 40, more than the highest, 29; read as the begin of the element around it",
        "21:7: error: cue 4 has no end time; kept ending at its start",
        "22:30: remark: styling tts:backgroundColor is not kept",
        "23:7: warning: region 'nowhere' is not defined; cues in it are placed at the bottom",
        "24:32: warning: cue 7 ttm:agent 'nobody' names no <ttm:agent> with a <ttm:name>",
        "25:43: warning: <set> animation is not applied",
        "26:7: error: <span> is not allowed inside <div>; not read",
        "27:32: error: timeContainer 'later' is not par or seq",
        "29:72: error: malformed XML: closing tag </span> does not match the open <p>",
      ])
    #expect(result.track.cues.count == 11)
    #expect(result.track.cues[9].text.plainString == "The last cue read")
    // Findings about a cue carry it, numbered as in their messages.
    #expect(
      result.diagnostics.compactMap { $0.cue.map { "cue \($0.index)" } } == [
        "cue 1", "cue 2", "cue 4", "cue 7",
      ])
  }
}
