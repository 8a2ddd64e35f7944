import CaptionCore
import Foundation
import Testing

@testable import CaptionFormats

/// The samples in `Samples/webvtt/`: the capability file reads clean, the broken file gives
/// exactly one listed finding per break.
struct WebVTTReaderSampleTests {
  static func read(_ name: String) throws -> ReadResult {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let data = try Data(contentsOf: root.appendingPathComponent("Samples/webvtt/\(name)"))
    return WebVTTReader.read(TextDecoding.decode([UInt8](data)), path: name)
  }

  @Test func capabilitySampleReadsClean() throws {
    let result = try Self.read("capability.vtt")
    #expect(result.diagnostics.map(\.compilerStyle) == [])
    let track = result.track
    #expect(track.header.first?.hasPrefix("- captionkit capability sample") == true)
    #expect(track.stylesheets.count == 1)
    #expect(track.regions.map(\.id) == ["left", "right"])
    #expect(track.regions[1].lines == 4)
    #expect(track.regions[1].width == 40.5)
    #expect(
      track.cues.map(\.id) == [
        "intro", "voice-class", "", "styled", "ruby", "karaoke", "lang", "entities", "",
      ])
    #expect(track.cues[0].rawText == "Two lines of plain text\nin one cue.")
    #expect(
      track.cues.map(\.settings.region) == [nil, "left", "right", nil, nil, nil, nil, nil, nil])
    let ruby = track.cues[4].settings
    #expect(ruby.vertical == .rl)
    #expect(ruby.line == 2)
    #expect(ruby.lineAlign == .center)
    #expect(ruby.size == 30)
    let karaoke = track.cues[5].settings
    #expect(karaoke.line == -1)
    #expect(karaoke.position == 20)
    #expect(karaoke.positionAlign == .lineLeft)
    #expect(karaoke.align == .end)
    let lang = track.cues[6].settings
    #expect(lang.vertical == .lr)
    #expect(lang.line == 80)
    #expect(!lang.snapToLines)
    #expect(lang.positionAlign == .center)
    #expect(track.cues[7].settings.positionAlign == .lineRight)
    #expect(track.cues[8].start == MediaTime(hours: 1, minutes: 0, seconds: 0, milliseconds: 0))
  }

  @Test func brokenSampleGivesEachListedFinding() throws {
    let result = try Self.read("broken.vtt")
    #expect(
      result.diagnostics.map(\.compilerStyle) == [
        "broken.vtt:2:1: warning: legacy header 'Kind: captions' after the \"WEBVTT\" line, with no blank line; WebVTT has no header lines (players skip them) [parse.webvtt-legacy-header]",
        "broken.vtt:5:8: error: invalid value \"120%\" for region setting \"width\"; expected a percentage from 0% to 100% [parse.webvtt]",
        "broken.vtt:5:19: error: invalid value \"two\" for region setting \"lines\"; expected a whole number of lines [parse.webvtt]",
        "broken.vtt:6:1: error: invalid value \"down\" for region setting \"scroll\"; expected up [parse.webvtt]",
        "broken.vtt:8:1: error: REGION block has no id setting, so no cue can use it [parse.webvtt]",
        "broken.vtt:16:1: error: expected a timestamp, found \"w\"; the cue is dropped [parse.webvtt]",
        "broken.vtt:16:6: error: NOTE block contains \"-->\", which ends the comment [parse.webvtt]",
        "broken.vtt:18:1: error: text \"stray text outside any cue\" is outside any cue and is ignored [parse.webvtt]",
        "broken.vtt:21:31: error: invalid value \"middle\" for cue setting \"align\"; expected start, center, end, left or right [parse.webvtt]",
        "broken.vtt:21:44: error: invalid value \"50\" for cue setting \"size\"; expected a percentage from 0% to 100% [parse.webvtt]",
        "broken.vtt:24:1: error: cue identifier \"1\" is already used by cue 1 [parse.webvtt]",
        "broken.vtt:25:31: error: unknown cue setting \"color\" [parse.webvtt]",
        "broken.vtt:25:53: error: duplicate cue setting \"align\" [parse.webvtt]",
        "broken.vtt:28:13: error: missing space before \"-->\" [parse.webvtt]",
        "broken.vtt:28:16: error: missing space after \"-->\" [parse.webvtt]",
        "broken.vtt:30:1: error: missing blank line before \"00:00:04.000 --> 00:00:05.000\", which ends the cue [parse.webvtt]",
        "broken.vtt:33:18: error: timestamp \"00:00:65.000\" has minutes or seconds over 59; the cue is dropped [parse.webvtt]",
        "broken.vtt:36:1: error: timestamp \"00:00:06.00\" has 2-digit milliseconds; expected 3; the cue is dropped [parse.webvtt]",
        "broken.vtt:39:1: error: timestamp \"0:00:07.000\" has 1-digit hours; expected at least 2 [parse.webvtt]",
        "broken.vtt:39:30: error: region \"top\" is ignored because the cue also has a line setting [parse.webvtt]",
        "broken.vtt:42:3: error: cue identifier \"id-->\" contains \"-->\" [parse.webvtt]",
        "broken.vtt:46:31: error: region \"nowhere\" is not defined [parse.webvtt]",
        "broken.vtt:49:1: error: STYLE block after the first cue is ignored [parse.webvtt]",
        "broken.vtt:53:13: error: NUL character, read as U+FFFD [parse.webvtt]",
        "broken.vtt:53:43: error: missing line break at the end of the file [parse.webvtt]",
      ])
    #expect(
      result.track.cues.map(\.rawText) == [
        "First cue", "Second cue", "Third cue", "Fourth cue", "Fifth cue", "Sixth cue",
        "Seventh cue", "A NUL here: \u{FFFD} and no line break at the end",
      ])
  }
}
