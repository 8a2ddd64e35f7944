import CaptionKit
import Testing

@testable import CaptionCLI

struct MuxCuesTests {
  static let webVTT = """
    WEBVTT - with everything before the cues

    STYLE
    ::cue { color: yellow }

    REGION
    id:left width:40%

    NOTE checked by the editor

    intro
    00:00:01.000 --> 00:00:02.000 region:left align:left
    <v Esme>Hello &amp; welcome

    00:00:02.500 --> 00:00:03.000
    Two
    lines

    """

  static func read(_ text: String, path: String) throws -> Track {
    try CaptionFileReader().read(bytes: Array(text.utf8), path: path).track
  }

  @Test func webVTTCuesKeepTheirIdentifierSettingsAndText() throws {
    let track = try Self.read(Self.webVTT, path: "a.vtt")
    let made = MuxCues.cues(of: track, for: .webvtt)
    #expect(
      made.diagnostics.map(\.message) == [
        "header text not kept in a Matroska or WebM stream",
        "1 style sheet not kept in a Matroska or WebM stream",
        "1 region not kept in a Matroska or WebM stream",
        "1 NOTE comment not kept in a Matroska or WebM stream",
      ])
    #expect(
      made.cues == [
        MuxCue(
          start: MediaTime(milliseconds: 1000), end: MediaTime(milliseconds: 2000),
          text: "<v Esme>Hello &amp; welcome</v>", identifier: "intro",
          settings: "align:left region:left"),
        MuxCue(
          start: MediaTime(milliseconds: 2500), end: MediaTime(milliseconds: 3000),
          text: "Two\nlines"),
      ])
  }

  @Test func subRipCuesAreSRTCueTextAndSayWhatIsLost() throws {
    let track = try Self.read(Self.webVTT, path: "a.vtt")
    let made = MuxCues.cues(of: track, for: .subrip)
    #expect(made.cues.map(\.text) == ["{\\an1}Hello & welcome", "Two\nlines"])
    #expect(made.cues.allSatisfy { $0.identifier.isEmpty && $0.settings.isEmpty })
    #expect(
      made.diagnostics.map(\.message) == [
        "header text not kept in SRT", "1 style sheet not kept in SRT",
        "1 region not kept in SRT", "1 NOTE comment not kept in SRT",
        "cue 1 loses region 'left', voice 'Esme' in SRT",
      ])
  }

  @Test func movTextSaysWhatMovTextCannotHold() throws {
    let srt = """
      1
      00:00:01,000 --> 00:00:02,000
      {\\an8}<font color="#ff0000">Top</font>

      2
      00:00:03,000 --> 00:00:04,000
      <i>Plain</i> italics

      3
      00:00:05,000 --> 00:00:06,000

      """
    let track = try Self.read(srt, path: "a.srt")
    let made = MuxCues.cues(of: track, for: .movText)
    #expect(
      made.cues.map(\.text) == [
        "{\\an8}<font color=\"#ff0000\">Top</font>", "<i>Plain</i> italics", "",
      ])
    #expect(made.diagnostics.map(\.message) == ["cue 1 loses position {\\an8}, colour in mov_text"])
    #expect(made.diagnostics.first?.cue?.index == 1)
    #expect(made.diagnostics.first?.location?.line == 1)
  }

  @Test func overlappingCuesBecomeSamplesShowingTheirTextsTogether() throws {
    let srt = """
      1
      00:00:00,500 --> 00:00:02,000
      First

      2
      00:00:01,000 --> 00:00:01,500
      Second

      3
      00:00:03,000 --> 00:00:04,000
      Third

      """
    let track = try Self.read(srt, path: "a.srt")
    let made = MuxCues.cues(of: track, for: .movText)
    #expect(
      made.cues.map { "\($0.start) \($0.end) \($0.text)" } == [
        "00:00:00.500 00:00:01.000 First", "00:00:01.000 00:00:01.500 First\nSecond",
        "00:00:01.500 00:00:02.000 First", "00:00:03.000 00:00:04.000 Third",
      ])
    #expect(made.diagnostics.map { $0.cue?.index } == [2])
    // Matroska keeps overlapping cues as they are.
    #expect(MuxCues.cues(of: track, for: .subrip).cues.count == 3)
  }

  @Test func manyOverlappingCuesStayLinear() throws {
    var srt = ""
    for number in 1...5_000 {
      srt += "\(number)\n00:00:01,000 --> 00:00:05,000\nLine \(number)\n\n"
    }
    let track = try Self.read(srt, path: "a.srt")
    let made = MuxCues.cues(of: track, for: .movText)
    #expect(made.cues.count == 1)
    #expect(made.cues.first?.text.split(separator: "\n").count == MuxCues.maximumStacked)
    let dropped = made.diagnostics.filter { $0.message.contains("is not stored") }
    #expect(dropped.count == 5_000 - MuxCues.maximumStacked)
  }
}
