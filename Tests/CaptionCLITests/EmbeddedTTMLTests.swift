import CaptionTestSupport
import Foundation
import Testing

@testable import CaptionCLI

/// TTML subtitles in MP4 samples (`stpp`, ISO/IEC 14496-30), which FFmpeg 5.1 demuxes as a
/// data stream of no codec: `probe` lists them as subtitles, `extract` writes them and
/// `validate` counts them as a caption track.
struct EmbeddedTTMLTests {
  typealias Writer = MP4TextFragmentWriter

  /// An MP4 with a tone and French subtitles from an SRT file, written by FFmpeg's TTML
  /// encoder as one `stpp` sample holding the whole document.
  static func ffmpegMP4(in folder: TemporaryFolder) throws -> String {
    let srt = try folder.file(
      "fr.srt",
      "1\n00:00:01,000 --> 00:00:03,000\nBonjour.\n\n2\n00:00:04,000 --> 00:00:06,500\n"
        + "Deuxième ligne.\n")
    return try MuxMediaMaker.make(
      "movie.mp4", in: folder,
      [
        "-f", "lavfi", "-i", "sine=d=8", "-i", srt, "-map", "0", "-map", "1", "-c:a", "aac",
        "-c:s", "ttml", "-time_base:s", "1:1000", "-metadata:s:s:0", "language=fra",
      ])
  }

  /// A TTML document for a sample.
  static func ttml(_ paragraphs: [(String, String, String)]) -> [UInt8] {
    let body = paragraphs.map { #"<p begin="\#($0.0)" end="\#($0.1)">\#($0.2)</p>"# }
    return Array(
      (#"<tt xmlns="http://www.w3.org/ns/ttml" xml:lang="es"><body><div>"#
        + body.joined() + "</div></body></tt>").utf8)
  }

  @Test func ffmpegsTTMLTrackIsListedExtractedAndCountsAsCaptions() throws {
    let folder = try TemporaryFolder()
    let media = try Self.ffmpegMP4(in: folder)
    let probe = ToolRun(["probe", media])
    #expect(probe.status == 0)
    #expect(probe.stdout.contains("  stream 1: subtitle, ttml (text), fr, "))

    let extract = ToolRun(["extract", media])
    #expect(extract.status == 0)
    #expect(extract.stdout.contains("movie.fr.vtt: 2 cues from stream 1 (ttml)"))
    #expect(
      try folder.contents("movie.fr.vtt")
        == "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nBonjour.\n\n"
        + "00:00:04.000 --> 00:00:06.500\nDeuxième ligne.\n")

    // The stream is a caption track: no "no captions" error, and its cues are checked
    // against the (silent) audio.
    try FileManager.default.removeItem(atPath: folder.path + "/movie.fr.vtt")
    let validate = ToolRun(["validate", media, "--format", "json"])
    let rules = try ValidateMediaTests.findings(validate).map(\.rule)
    #expect(!rules.contains("coverage.no-captions"))
    #expect(rules.filter { $0 == "coverage.caption-over-silence" }.count == 2)
  }

  @Test func fragmentedSamplesAreCutToTheirTimesAndRepeatsJoined() throws {
    let folder = try TemporaryFolder()
    // Two samples of 4 s: "Sigue." spans both and is written in each; the second sample's
    // last cue lies after it, where no player shows it.
    let first = Self.ttml([
      ("00:00:01.000", "00:00:03.000", "Hola."), ("00:00:03.500", "00:00:06.000", "Sigue."),
    ])
    let second = Self.ttml([
      ("00:00:03.500", "00:00:06.000", "Sigue."), ("00:00:20.000", "00:00:21.000", "Tarde."),
    ])
    let bytes =
      Writer.initialization(codec: .stpp, timescale: 1000)
      + Writer.segment(
        sequence: 1,
        samples: [
          Writer.Sample(time: 0, duration: 4000, bytes: first),
          Writer.Sample(time: 4000, duration: 4000, bytes: second),
        ])
    let media = try folder.file("text.mp4", bytes: bytes)
    let extract = ToolRun(["extract", media])
    #expect(
      try folder.contents("text.und.vtt")
        == "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHola.\n\n"
        + "00:00:03.500 --> 00:00:06.000\nSigue.\n")
    #expect(
      extract.stderr.contains(
        "text.mp4: error: stream 0, sample at 00:00:04.000 (to 00:00:08.000): 1 of its TTML "
          + "cues lie outside the sample's time, so no player shows them "
          + "[container.subtitle-stream]"))
  }

  @Test func imagesAfterTheDocumentInASampleAreLeftOut() throws {
    let folder = try TemporaryFolder()
    // A document with a prefix on its root, then the bytes of an image (a subsample).
    let document = Array(
      (#"<tt:tt xmlns:tt="http://www.w3.org/ns/ttml" xml:lang="es"><tt:body><tt:div>"#
        + #"<tt:p begin="00:00:01.000" end="00:00:02.000">Uno.</tt:p>"#
        + "</tt:div></tt:body></tt:tt>").utf8)
    let image: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x3C, 0x2F, 0x00, 0x3C, 0x2F, 0x74, 0xFF]
    let bytes =
      Writer.initialization(codec: .stpp, timescale: 1000)
      + Writer.segment(
        sequence: 1, samples: [Writer.Sample(time: 0, duration: 4000, bytes: document + image)])
    let media = try folder.file("image.mp4", bytes: bytes)
    let extract = ToolRun(["extract", media])
    #expect(extract.status == 0)
    #expect(extract.stderr == "")
    #expect(
      try folder.contents("image.und.vtt") == "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nUno.\n")
  }

  @Test func muxWarnsThatTheTTMLTrackIsNotCopied() throws {
    let folder = try TemporaryFolder()
    let media = try Self.ffmpegMP4(in: folder)
    let english = try folder.file("en.vtt", "WEBVTT\n\n00:01.000 --> 00:02.000\nHello.\n")
    let run = ToolRun([
      "mux", media, "--track", english + ":lang=en", "-o", folder.path + "/out.mp4",
    ])
    #expect(run.status == 0)
    #expect(
      run.stderr.contains(
        "movie.mp4: warning: stream 1 (TTML subtitles in MP4 samples, stpp) is not copied: "
          + "FFmpeg cannot write it back [container.not-kept]\n    hint: extract it (captionkit "
          + "extract) and add the file with --track to keep the subtitles\n"))
  }
}
