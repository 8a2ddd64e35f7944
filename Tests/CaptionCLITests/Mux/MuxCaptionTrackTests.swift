import CaptionKit
import Foundation
import Testing

@testable import CaptionCLI

/// CEA-608 captions muxed into MOV as `c608` tracks: from an SCC file, and from any caption
/// file through the SCC writer.
@Suite("MuxCommand c608")
struct MuxCaptionTrackTests {
  /// Pop-on captions of CC1, as `convert --to scc` writes them (loaded early, so that each
  /// End Of Caption lands on the cue's start: 1.000 s, 3.003 s).
  static let scc = """
    Scenarist_SCC V1.0

    00:00:00;16\t94ae 94ae 9420 9420 94f4 94f4 97a2 97a2 c8e5 ecec ef20 f468 e5f2 e580 942f 942f

    00:00:02;15\t942c 942c 94ae 94ae 9420 9420 94f4 94f4 9723 9723 d3e5 e3ef 6e64 20e3 75e5 942f 942f

    00:00:04;00\t942c 942c

    """

  static let vtt = """
    WEBVTT

    00:00:01.200 --> 00:00:02.400
    Three blind mice

    00:00:02.900 --> 00:00:04.100
    See how
    they run

    """

  /// Each cue as `start words`, the start in milliseconds.
  static func describe(_ cues: [Cue]) -> [(start: Int64, words: String)] {
    cues.map { cue in
      (
        cue.start.converted(to: 1000).value,
        cue.text.visibleText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      )
    }
  }

  /// Whether `read` has the words of `expected`, each cue starting within one frame.
  static func matches(
    _ read: [(start: Int64, words: String)], _ expected: [(start: Int64, words: String)]
  ) -> Bool {
    read.count == expected.count
      && zip(read, expected).allSatisfy { abs($0.start - $1.start) <= 34 && $0.words == $1.words }
  }

  /// The cues of CC1 in the `c608` stream `index` of `media`, read by captionkit's own
  /// reader: the stream's byte pairs through the CEA-608 decoder.
  static func decoded(_ media: String, stream index: Int) throws -> [Cue] {
    let contents = try MediaFile(opening: media).read(subtitles: [], closedCaptions: true)
    let captions = try #require(contents.closedCaptions)
    let stream = try #require(captions.streams.first { $0.streamIndex == index })
    #expect(stream.source == .c608Track)
    var decoder = CEA608Decoder()
    for pair in stream.field1 where pair.isValid {
      decoder.decode(CEA608Pair(pair.first, pair.second, time: pair.time))
    }
    return decoder.finish()[.cc1].cues
  }

  /// The cues FFmpeg's CEA-608 decoder reads from stream `index` (`ffmpeg -c:s srt`).
  static func ffmpegCues(_ media: String, stream index: Int, in folder: TemporaryFolder) throws
    -> [Cue]
  {
    let output = folder.path + "/stream\(index).srt"
    try MuxMediaMaker.run(
      "ffmpeg",
      ["-nostdin", "-v", "error", "-y", "-i", media, "-map", "0:\(index)", "-c:s", "srt", output])
    return try CaptionFileReader().read(path: output).track.cues
  }

  /// `index codec_name codec_tag_string language` of each stream, from `ffprobe`.
  static func streamTags(_ path: String) throws -> [String] {
    let output = try MuxMediaMaker.run(
      "ffprobe",
      [
        "-v", "error", "-show_entries",
        "stream=index,codec_name,codec_tag_string:stream_tags=language", "-of", "csv=p=0",
        path,
      ])
    return output.split(separator: "\n").map { String($0).replacing(",", with: " ") }
  }

  @Test func sccAndWebVTTBecomeC608TracksThatReadBackWithTheirWordsAndTimes() throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.mov(in: folder)
    let scc = try folder.file("movie.fr.cc.scc", Self.scc)
    let vtt = try folder.file("movie.en.vtt", Self.vtt)
    let output = folder.path + "/master.mov"
    let run = ToolRun([
      "mux", media, "--track", scc, "--track", vtt + ":codec=c608", "--track",
      vtt + ":lang=es:codec=c608:mode=roll-up", "-o", output,
    ])
    #expect(run.status == 0)
    #expect(
      run.stdout
        == "\(output): 2 streams copied, stream 2 added (c608, fr, hearing_impaired+captions), "
        + "stream 3 added (c608, en), stream 4 added (c608, es)\n")
    // MOV keeps the default flag only; c608 exists in no other container, so no hint.
    #expect(
      run.stderr
        == "\(scc): remark: stream 2 (c608, captions) loses the hearing_impaired, captions "
        + "flags: FFmpeg's MOV muxer does not store them [container.disposition]\n")
    let tags = try Self.streamTags(output)
    #expect(
      tags == [
        "0 h264 avc1", "1 aac mp4a", "2 eia_608 c608 fra", "3 eia_608 c608 eng",
        "4 eia_608 c608 spa",
      ])
    #expect(try MuxMediaMaker.packetHashes(output) == MuxMediaMaker.packetHashes(media))

    let sccCues = Self.describe(try CaptionFileReader().read(path: scc).track.cues)
    let vttCues = Self.describe(try CaptionFileReader().read(path: vtt).track.cues)
    #expect(sccCues.map(\.words) == ["Hello there", "Second cue"])
    #expect(sccCues.map(\.start) == [1001, 3003])
    #expect(vttCues.map(\.words) == ["Three blind mice", "See how they run"])
    for (index, expected) in [(2, sccCues), (3, vttCues)] {
      let ours = Self.describe(try Self.decoded(output, stream: index))
      #expect(Self.matches(ours, expected), "stream \(index): \(ours)")
      let ffmpeg = Self.describe(try Self.ffmpegCues(output, stream: index, in: folder))
      #expect(Self.matches(ffmpeg, expected), "stream \(index) through FFmpeg: \(ffmpeg)")
    }
    // Roll-up sends a cue's rows one after the other, each shown as it comes: the words
    // come back in order, and each cue's first row at the cue's start.
    let rolled = Self.describe(try Self.decoded(output, stream: 4))
    #expect(
      rolled.map(\.words).joined(separator: " ") == "Three blind mice See how they run")
    let ffmpegRolled = Self.describe(try Self.ffmpegCues(output, stream: 4, in: folder))
    for read in [rolled, ffmpegRolled] {
      #expect(
        vttCues.allSatisfy { cue in read.contains { abs($0.start - cue.start) <= 34 } },
        "\(read)")
    }
  }

  /// Roll-up captions of two rows in CC1 ("HI" at 1 s, then "OK" on the next row) and a
  /// pop-on caption in CC2 ("OK", shown by the End Of Caption of frame 60, 2.002 s).
  static let twoChannels = """
    Scenarist_SCC V1.0

    00:00:01;00\t9425 9425 94ad 94ad 9470 9470 c849

    00:00:01;10\t94ad 94ad 9470 9470 4fcb

    00:00:01;25\t1c20 1c20 1c70 1c70 4fcb 1c2f 1c2f

    00:00:03;00\t1c2c 1c2c 942c 942c

    """

  @Test func anSCCFilesPairsGoIntoC608AsTheyAreWrittenWithItsModeAndChannels() throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.mov(in: folder)
    let scc = try folder.file("movie.en.scc", Self.twoChannels)
    let output = folder.path + "/master.mov"
    let run = ToolRun(["mux", media, "--track", scc, "-o", output])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try Self.streamTags(output).last == "2 eia_608 c608 eng")

    // The stream holds the file's pairs, each at the frame the file sends it.
    let contents = try MediaFile(opening: output).read(subtitles: [], closedCaptions: true)
    let stream = try #require(contents.closedCaptions?.streams.first { $0.streamIndex == 2 })
    let sent = stream.field1.filter { !($0.first == 0x80 && $0.second == 0x80) }.map { pair in
      let frame = (pair.time.seconds * 30000 / 1001).rounded()
      return "\(Int(frame)) " + String(format: "%02x%02x", pair.first, pair.second)
    }
    let written = [
      (30, "9425 9425 94ad 94ad 9470 9470 c849"), (40, "94ad 94ad 9470 9470 4fcb"),
      (55, "1c20 1c20 1c70 1c70 4fcb 1c2f 1c2f"), (90, "1c2c 1c2c 942c 942c"),
    ].flatMap { start, words in
      words.split(separator: " ").enumerated().map { "\(start + $0.offset) \($0.element)" }
    }
    #expect(sent == written)

    // Read back: CC1 rolls up two rows, CC2 keeps its pop-on caption.
    var decoder = CEA608Decoder()
    for pair in stream.field1 where pair.isValid {
      decoder.decode(CEA608Pair(pair.first, pair.second, time: pair.time))
    }
    let captions = decoder.finish()
    #expect(captions[.cc1].modes == [.rollUp])
    #expect(captions[.cc1].rollUpDepths.map(\.depth) == [2])
    #expect(Self.describe(captions[.cc2].cues).map(\.words) == ["OK"])
    let shown = try #require(Self.describe(captions[.cc2].cues).first?.start)
    #expect(abs(shown - 2002) <= 1)
    // Sent again (a mode asks for it), only CC1 is kept.
    let again = folder.path + "/again.mov"
    #expect(ToolRun(["mux", media, "--track", scc + ":mode=pop-on", "-o", again]).status == 0)
    let resent = try MediaFile(opening: again).read(subtitles: [], closedCaptions: true)
    let resentPairs = try #require(resent.closedCaptions?.streams.first { $0.streamIndex == 2 })
    #expect(!resentPairs.field1.contains { $0.first == 0x1c })
  }

  @Test func whatC608CannotCarryIsReportedAsConvertReportsItForSCC() throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.mov(in: folder)
    let vtt = try folder.file(
      "arrows.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nLeft → right\n")
    let convert = ToolRun(["convert", vtt, "--to", "scc", "-o", folder.path + "/arrows.scc"])
    let mux = ToolRun(["mux", media, "--track", vtt + ":codec=c608", "-o", folder.path + "/o.mov"])
    #expect(mux.status == 0)
    let loss = "\(vtt):3:1: warning: cue 1 loses '→' (written as ?) in "
    #expect(convert.stderr.hasPrefix(loss + "SCC [convert.lossy]\n"))
    #expect(
      mux.stderr
        == loss + "c608 [convert.lossy]\n"
        + "    hint: c608 carries 32 columns, 4 rows and the 608 characters; add the file as a "
        + "mov_text track too to keep it\n")
  }

  @Test func copiedC608StreamsSurviveAndSCCCanStillBeMovText() throws {
    let folder = try TemporaryFolder()
    let scc = try folder.file("old.scc", Self.scc)
    let media = try MuxMediaMaker.mov(in: folder, captions: scc)
    let output = folder.path + "/out.mov"
    let run = ToolRun([
      "mux", media, "--track", scc + ":lang=en:codec=mov_text", "-o", output,
    ])
    #expect(run.status == 0)
    #expect(run.stdout == "\(output): 3 streams copied, stream 3 added (mov_text, en)\n")
    let tags = try Self.streamTags(output)
    #expect(
      tags == [
        "0 h264 avc1", "1 aac mp4a", "2 eia_608 c608 eng", "3 mov_text text eng",
      ])
    let before = try MediaFile(opening: media).read(subtitles: [], closedCaptions: true)
    let after = try MediaFile(opening: output).read(subtitles: [], closedCaptions: true)
    let old = try #require(before.closedCaptions?.streams.first { $0.streamIndex == 2 })
    let copied = try #require(after.closedCaptions?.streams.first { $0.streamIndex == 2 })
    #expect(!old.field1.isEmpty)
    #expect(Array(copied.field1) == Array(old.field1))
  }

  @Test(arguments: [
    (
      "x.scc:codec=c608", "out.mp4",
      "error: MP4 cannot carry c608 captions ('--track x.scc'): FFmpeg's MP4 muxer has no tag "
        + "for CEA-608 captions",
      "hint: name the output .mov, or use :codec=mov_text"
    ),
    (
      "x.vtt:codec=c608", "out.mkv",
      "error: Matroska cannot carry c608 captions ('--track x.vtt'): only FFmpeg's MOV muxer "
        + "writes CEA-608 captions",
      "hint: name the output .mov, or use :codec=subrip"
    ),
    (
      "x.vtt:codec=c608", "out.webm",
      "error: WebM cannot carry c608 captions ('--track x.vtt'): only FFmpeg's MOV muxer "
        + "writes CEA-608 captions",
      "hint: name the output .mov, or use :codec=webvtt"
    ),
    (
      "x.srt:codec=mov_text:mode=roll-up", "out.mov",
      "error: ':mode=' applies only to c608 captions ('--track x.srt' is mov_text)",
      "hint: leave :mode= out, or use :codec=c608 in a .mov"
    ),
    (
      "x.srt:mode=rollup", "out.mov",
      "error: unknown mode 'rollup' in '--track x.srt:mode=rollup'; expected one of "
        + "pop-on, roll-up, roll-up-3, roll-up-4",
      "hint: did you mean 'roll-up'?"
    ),
  ])
  func c608OutsideMOVAndBadModesAreUsageErrors(
    spec: String, output: String, message: String, hint: String
  ) {
    let run = ToolRun(["mux", "movie.mov", "--track", spec, "-o", output])
    #expect(run.status == 64)
    #expect(run.stderr.split(separator: "\n").prefix(2).map(String.init) == [message, hint])
  }

  @Test func aModeForATextTrackOutsideMOVIsAUsageError() throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.mov(in: folder)
    let vtt = try folder.file("movie.en.vtt", Self.vtt)
    let run = ToolRun([
      "mux", media, "--track", vtt + ":mode=roll-up", "-o", folder.path + "/o.mp4",
    ])
    #expect(run.status == 64)
    #expect(
      run.stderr.hasPrefix(
        "error: ':mode=' applies only to c608 captions, which MP4 cannot carry "
          + "('--track \(vtt)')\n"))
    #expect(try folder.listing().filter { $0.hasPrefix("o") } == [])
  }
}
