import CaptionCore
import CaptionFormats
import Testing

/// The SRT samples: the capability file reads without findings, the broken file with exactly
/// the findings listed here.
@Suite struct SRTSampleTests {
  @Test func readsTheCapabilitySample() throws {
    let bytes = try SRTTestSupport.sample("capability.srt")
    let result = SRTReader.read(TextDecoding.decode(bytes), path: "capability.srt")
    #expect(result.diagnostics.isEmpty)
    let cues = result.track.cues
    #expect(cues.map(\.id) == (1...11).map(String.init))
    #expect(
      cues.map(\.text.dump) == [
        #""Plain text on one line""#,
        #""Two lines of text,\nthe second one here""#,
        #"i("Italic") ", " b("bold") " and " u("underlined")"#,
        #"b(i("Bold italic")) " & a literal ampersand""#,
        #"c.yellow("Yellow") " and " c.color-ff8800("orange")"#,
        #"c.red("Red by name")"#,
        #""At the top of the picture""#,
        #""In the middle""#,
        #""Bottom left""#,
        #"i("Top right, italic")"#,
        #""One hour, two minutes,\nthree seconds and four milliseconds""#,
      ])
    #expect(cues[6].settings == CueSettings(line: 0))
    #expect(cues[7].settings == CueSettings(line: 50, snapToLines: false, lineAlign: .center))
    #expect(cues[8].settings == CueSettings(align: .left))
    #expect(cues[9].settings == CueSettings(line: 0, align: .right))
    #expect(cues[10].start == MediaTime(hours: 1, minutes: 2, seconds: 3, milliseconds: 4))
    #expect(cues[6].rawText == "{\\an8}At the top of the picture")
  }

  @Test func readsTheBrokenSampleWithEveryRepairReported() throws {
    let bytes = try SRTTestSupport.sample("broken.srt")
    let result = SRTReader.read(TextDecoding.decode(bytes), path: "broken.srt")
    #expect(
      result.diagnostics.map(\.summary) == [
        "1:1: error: text 'Stray text before any cue' has no timing, dropped",
        "4:1: warning: start time of cue 1 '00:00:01.000' has '.' before the milliseconds, expected ','",
        "7:1: warning: counter 3 of cue 2 is out of sequence, expected 2",
        "8:1: warning: start time of cue 2 '0:00:03,000' has 1-digit hours, expected 2",
        "8:29: warning: trailing spaces after the timing of cue 2",
        "10:1: warning: missing blank line before cue 3",
        "11:31: warning: position coordinates 'X1:100 X2:200 Y1:10 Y2:20' of cue 3 ignored",
        "14:1: warning: 2 extra blank lines before cue 4",
        "16:1: warning: cue 4 has no counter",
        "16:18: warning: end time of cue 4 '00:00:08,5' has 1-digit milliseconds, read as 00:00:08,500",
        "18:1: warning: blank line inside cue 4 removed",
        "22:1: error: timing '00:00:09,000 --> 00:00:0x,000' cannot be read, the cue is dropped with its text",
        "25:1: warning: counter 6 of cue 5 repeats the previous counter",
        "27:1: warning: uppercase tag '<I>' in cue 5 read as <i>",
        "27:13: warning: uppercase tag '</I>' in cue 5 read as </i>",
        "27:22: warning: <i> in cue 5 is not closed",
        "29:1: warning: counter 'seven' of cue 6 is not a number",
        "31:16: warning: '</i>' in cue 6 closes inside <b>, which is reopened after it",
        "31:25: warning: override '{\\pos(10,20)}' in cue 6 removed",
        "35:1: warning: font attribute 'face' in cue 7 ignored",
      ])
    #expect(result.diagnostics.allSatisfy { $0.rule == "parse.srt" && $0.file == "broken.srt" })
    let cues = result.track.cues
    #expect(cues.map(\.id) == ["1", "3", "4", "", "6", "seven", "8"])
    #expect(
      cues.map(\.text.dump) == [
        #""Dot before the milliseconds""#,
        #""Counter out of sequence, 1-digit hours, trailing spaces""#,
        #""Missing blank line before, position coordinates""#,
        #""No counter, extra blank lines, short milliseconds\nText after a blank line""#,
        #"i("Uppercase") " and " i("unclosed")"#,
        #"i(b("misnested")) " override""#,
        #"c.lime("Green") " ends without a newline""#,
      ])
    #expect(cues.map(\.start.milliseconds) == [1000, 3000, 5000, 7000, 11_000, 13_000, 15_000])
    #expect(cues[3].end == MediaTime(milliseconds: 8500))
  }
}
