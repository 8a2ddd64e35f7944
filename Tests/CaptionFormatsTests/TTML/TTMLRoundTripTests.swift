import CaptionCore
import Testing

@testable import CaptionFormats

/// WebVTT → TTML → WebVTT and SRT → TTML → SRT keep the common subset: times (to the
/// millisecond), text and line breaks, italic, bold, underline, voices, languages, top, middle
/// and bottom placement, and text alignment. Cue ids that are XML names are kept; others (SRT
/// counters) are not, and SRT numbers its cues again anyway.
@Suite struct TTMLRoundTripTests {
  static let webVTT = """
    WEBVTT

    intro
    00:00:01.000 --> 00:00:02.500
    Hello <i>brave</i> &amp; <b>new</b> &lt;world&gt;
    second line

    00:00:03.000 --> 00:00:04.000 line:0 align:left
    <v Alice>At the top</v>, <u>under</u>

    00:00:04.000 --> 00:00:05.000 line:50%,center align:right
    <lang fr>au milieu</lang>

    00:00:05.000 --> 00:00:06.000 align:start
    <v Bob><i>start</i> aligned</v>

    00:00:06.000 --> 01:02:03.004 align:end
    <b><i><u>all three</u></i></b>

    """

  @Test func keepsWebVTTCuesThroughTTML() throws {
    let original = WebVTTReader.read(Self.webVTT, path: "a.vtt")
    #expect(original.diagnostics.isEmpty)
    var track = original.track
    track.language = LanguageTag("en")
    var ttml: [UInt8] = []
    let lossy = TTMLWriter.write(track, into: &ttml)
    #expect(lossy.isEmpty)
    let back = TTMLReader.read(DecodedText(utf8: ttml), path: "a.ttml")
    #expect(back.diagnostics.isEmpty)
    #expect(back.track.language == LanguageTag("en"))
    #expect(back.track.cues.count == track.cues.count)
    for (before, after) in zip(track.cues, back.track.cues) {
      #expect(after.id == before.id)
      #expect(after.range == before.range)
      #expect(after.settings == before.settings)
      #expect(after.text == before.text)
    }
    // Written again as WebVTT, only a NOTE block with the profile line is added.
    let vtt = WebVTTWriter.string(back.track)
    #expect(
      vtt == "WEBVTT\n\nNOTE\nttp:contentProfiles: http://www.w3.org/ns/ttml/profile/imsc1.1/text\n"
        + WebVTTWriter.string(track).dropFirst("WEBVTT\n".count))
  }

  @Test func keepsSRTCuesThroughTTML() throws {
    let srt = """
      1
      00:00:01,000 --> 00:00:02,000
      <i>Italic</i> and <b>bold</b> & <u>underlined</u>

      2
      00:00:02,000 --> 00:00:03,000
      {\\an8}At the top

      3
      00:00:03,000 --> 00:00:04,000
      {\\an5}In the middle

      4
      00:00:04,000 --> 00:00:05,000
      {\\an1}Bottom left
      on two lines

      5
      00:00:05,000 --> 00:00:06,000
      {\\an9}<i>Top right</i>


      """
    let original = SRTReader.read(srt, path: "a.srt")
    #expect(original.diagnostics.isEmpty)
    var ttml: [UInt8] = []
    let lossy = TTMLWriter.write(original.track, into: &ttml)
    #expect(
      lossy.map(\.message) == [
        "5 cue ids are not XML names or repeated (such as 1); not kept",
        "the track has no language; written as xml:lang=\"\"",
      ])
    let back = TTMLReader.read(DecodedText(utf8: ttml), path: "a.ttml")
    #expect(back.diagnostics.isEmpty)
    var again = back.track
    again.header = []
    #expect(SRTWriter.string(again) == srt)
  }
}
