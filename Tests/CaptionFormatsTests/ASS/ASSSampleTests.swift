import CaptionCore
import CaptionFormats
import Foundation
import Testing

/// The ASS and SSA samples: the capability files read without findings, the broken file with
/// exactly the findings listed here, and the file FFmpeg writes from an SRT file with the
/// SRT file's cues.
@Suite struct ASSSampleTests {
  private func read(_ name: String) throws -> ReadResult {
    let url = SRTTestSupport.root.appendingPathComponent("Samples/ass/\(name)")
    let bytes = Array(try Data(contentsOf: url))
    return ASSReader.read(TextDecoding.decode(bytes), path: name)
  }

  private func seconds(_ cues: [Cue]) -> [String] {
    cues.map { "\($0.start.milliseconds)-\($0.end.milliseconds)" }
  }

  @Test func readsTheCapabilitySample() throws {
    let result = try read("capability.ass")
    #expect(result.diagnostics.isEmpty)
    #expect(result.track.format == .ass)
    let cues = result.track.cues
    #expect(
      cues.map(\.text.dump) == [
        #""Plain text, with commas, kept""#,
        #"i("Italic") ", " b("bold") " and " u("underlined")"#,
        #"v[Maya]("Who left the light on?\nNot me.")"#,
        #"i("The whole style is italic")"#,
        #"c.yellow(b("LIGHTHOUSE"))"#,
        #""Middle, in the old numbers""#,
        #""Raised a quarter of the screen""#,
        #""Position tags are dropped""#,
        #""Soft\nbreak and " i("italic reset") " back""#,
        "\"Out of order,\u{A0}sorted\"",
        #""Top left""#,
      ])
    #expect(
      seconds(cues) == [
        "1000-3500", "4000-6000", "6500-9000", "9500-12000", "12500-15000", "15500-18000",
        "18500-21000", "21500-24000", "24500-26500", "27000-29000", "30000-32000",
      ])
    // The Sign style is top centre; `\a10` is the middle; `\an7` top left.
    #expect(cues[4].settings == CueSettings(line: 0))
    #expect(cues[5].settings == CueSettings(line: 50, snapToLines: false, lineAlign: .center))
    #expect(cues[10].settings == CueSettings(line: 0, align: .left))
    // MarginV 270 of PlayResY 1080, from the bottom.
    #expect(cues[6].settings == CueSettings(line: 75, snapToLines: false, lineAlign: .end))
    #expect(cues[0].settings == .default)
    #expect(cues[2].rawText == "<v Maya>Who left the light on?\nNot me.</v>")
    #expect(cues[0].location == SourceLocation(line: 17, column: 1, offset: 808))
  }

  @Test func readsTheSSAVersion4Sample() throws {
    let result = try read("capability.ssa")
    #expect(result.diagnostics.isEmpty)
    let cues = result.track.cues
    #expect(
      cues.map(\.text.dump) == [
        #"v[NTP]("Bottom centre, as usual")"#,
        #"i("Top centre and italic by style")"#,
        #"b("Middle right and bold by style")"#,
        #""Top left by override\nSecond line""#,
      ])
    #expect(seconds(cues) == ["1000-3000", "3500-6000", "6500-9000", "9500-12000"])
    #expect(
      cues.map(\.settings) == [
        .default, CueSettings(line: 0),
        CueSettings(line: 50, snapToLines: false, lineAlign: .center, align: .right),
        CueSettings(line: 0, align: .left),
      ])
  }

  @Test func readsTheFileFFmpegWritesFromAnSRTFile() throws {
    // `ffmpeg -i Samples/srt/capability.srt Samples/ass/ffmpeg.ass` (FFmpeg 5.1).
    let result = try read("ffmpeg.ass")
    #expect(result.diagnostics.isEmpty)
    let bytes = try SRTTestSupport.sample("capability.srt")
    let srt = SRTReader.read(TextDecoding.decode(bytes)).track.cues
    let cues = result.track.cues
    try #require(cues.count == srt.count)
    // ASS keeps centiseconds; bold inside italic is written as italic inside bold. The
    // colours come back as the classes SRT's reader gives.
    #expect(
      cues.map(\.start) == srt.map { MediaTime(milliseconds: $0.start.milliseconds / 10 * 10) })
    #expect(cues.map(\.end) == srt.map(\.end))
    #expect(cues.map(\.settings) == srt.map(\.settings))
    for (index, (cue, expected)) in zip(cues, srt).enumerated() where ![3, 5].contains(index) {
      #expect(cue.text == expected.text, "cue \(index + 1)")
    }
    #expect(cues[3].text.dump == #"i(b("Bold italic")) " & a literal ampersand""#)
    #expect(cues[4].text.dump == #"c.yellow("Yellow") " and " c.color-ff8800("orange")"#)
  }

  @Test func readsTheBrokenSampleWithEveryProblemReported() throws {
    let result = try read("broken.ass")
    #expect(
      result.diagnostics.map(\.summary) == [
        "3:13: warning: ScriptType 'v4.00++' is not v4.00+ (ASS) or v4.00 (SSA); read as v4.00+",
        "4:11: warning: PlayResY 'tall' is not a positive whole number; ignored",
        "8:71: warning: style 'Default' italic 'yes' is not a number; read as 0",
        "9:1: warning: style 'Default' is defined again; the later one is used",
        "9:95: warning: style 'Default' alignment '12' is not 1-9; read as bottom centre",
        "12:1: warning: [Events] has no Format line before its first event; fields read as "
          + "Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
        "13:13: warning: event start '0:00:03.5' is not written H:MM:SS.cc; read as 00:00:03.500",
        "14:24: error: event end '0:00:0x.00' is not a time H:MM:SS.cc; event dropped",
        "15:47: error: Dialogue has 7 fields; the Format line names 10; event dropped",
        "16:35: warning: style 'Shout' is not defined; read as Default",
        "17:1: warning: Dialogue at 00:00:11.500 is a drawing (\\p1), not text; left out",
        "18:1: remark: Dialogue at 00:00:13.000 has no text; left out",
        "19:1: remark: Sound events are not kept",
        "20:1: error: 'Dialog' line in [Events] is not an event or a Format line; ignored",
        "21:1: error: line 'Just some text' is not a 'Name: value' line; ignored",
      ])
    #expect(result.diagnostics.allSatisfy { $0.rule == "parse.ass" && $0.file == "broken.ass" })
    #expect(
      result.track.cues.map(\.text.dump) == [
        #""No Format line before this event""#, #""A start written with one decimal""#,
        #""A style that is not defined""#,
      ])
    #expect(seconds(result.track.cues) == ["1000-3000", "3500-6000", "9000-11000"])
  }
}
