import CaptionKit
import Foundation
import Testing

@testable import CaptionCLI

@Suite("MuxCommand")
struct MuxCommandTests {
  static let englishSRT = """
    1
    00:00:00,500 --> 00:00:01,250
    <i>Hello</i> there

    2
    00:00:01,400 --> 00:00:02,100
    Line one
    Line two

    3
    00:00:02,200 --> 00:00:02,900
    {\\an8}[door slams]

    """

  static let frenchVTT = """
    WEBVTT

    intro
    00:00:00.250 --> 00:00:01.000 line:0 align:start
    <v Narrator>Une porte s'ouvre</v> &amp; se ferme

    00:00:01.500 --> 00:00:02.750
    Il <b>sort</b>.

    """

  /// The cues of a caption file as our reader reads them: start, end, visible text.
  static func cues(_ path: String) throws -> [String] {
    let track = try CaptionFileReader().read(path: path).track
    return track.cues.map { "\($0.start) \($0.end) \($0.text.visibleText)" }
  }

  /// The cues of the embedded stream `index`, as `MediaSubtitles` reads them.
  static func embeddedCues(_ media: String, stream index: Int) throws -> [String] {
    let read = try MediaSubtitles.read(
      path: media, streams: [index], webVTT: EmbeddedWebVTT.reader)
    let track = try #require(read.tracks.first)
    return track.cues.map { "\($0.start) \($0.end) \($0.text.visibleText)" }
  }

  static func sha(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  @Test func aCueTheReaderDroppedMakesTheStatusOneButTheFileIsWritten() throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.mp4(in: folder)
    let track = try folder.file(
      "partial.en.vtt",
      "WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nLost\n\n00:00:03.000 --> 00:00:04.000\nKept\n")
    let run = ToolRun(["mux", media, "--track", track, "-o", folder.path + "/out.mp4"])
    #expect(run.status == 1)
    #expect(run.stderr.contains("the cue is dropped [parse.webvtt]"))
    #expect(folder.exists("out.mp4"))
    let anyway = ToolRun([
      "mux", media, "--track", track, "-o", folder.path + "/out2.mp4", "--fail-on", "never",
    ])
    #expect(anyway.status == 0)
  }

  @Test(arguments: ["mkv", "mp4"])
  func damagedMediaIsNotCopiedAsIfItWereWhole(_ container: String) throws {
    let folder = try TemporaryFolder()
    let cut = try ProgrammeDurationTests.cutMedia(container, in: folder)
    let track = try folder.file("extra.en.srt", "1\n00:00:00,500 --> 00:00:01,500\nHi.\n")
    let output = folder.path + "/out." + container
    let run = ToolRun(["mux", cut, "--track", track, "-o", output])
    #expect(run.status == 65, "\(run.stderr)")
    #expect(run.stderr.contains("[container.damaged]"))
    #expect(
      run.stderr.contains(
        "error: \(cut) is damaged: a copy would hide what is missing from it; nothing was "
          + "written"))
    #expect(!FileManager.default.fileExists(atPath: output))
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(!left.contains { $0.hasPrefix(".out.") }, "\(left)")
  }

  @Test func mp4GetsMovTextTracksWithLanguagesAndFlags() throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.mp4(in: folder)
    let english = try folder.file("movie.en.sdh.srt", Self.englishSRT)
    let french = try folder.file("movie.fr-CA.descriptions.vtt", Self.frenchVTT)
    let before = try Self.sha(media)
    let output = folder.path + "/out.mp4"
    let run = ToolRun([
      "mux", media, "--track", english + ":default", "--track", french, "-o", output,
    ])
    #expect(run.status == 0)
    #expect(
      run.stdout
        == "\(output): 2 streams copied, stream 2 added (mov_text, en, "
        + "default+hearing_impaired+captions), stream 3 added (mov_text, fr-CA, descriptions)\n")
    #expect(
      run.stderr == """
        \(english): remark: srt text is converted to mov_text, the text codec MP4 carries [container.mp4-text-codec]
        \(english):10:1: warning: cue 3 loses position {\\an8} in mov_text [convert.lossy]
            hint: mov_text cannot carry it; mux into .mkv with :codec=webvtt to keep it
        \(french): remark: webvtt text is converted to mov_text, the text codec MP4 carries [container.mp4-text-codec]
        \(french):3:1: warning: cue 1 loses align start (written as left), voice 'Narrator', position {\\an7} in mov_text [convert.lossy]
            hint: mov_text cannot carry it; mux into .mkv with :codec=webvtt to keep it
        \(french): remark: stream 3 is stored with the language code fre; MP4 keeps no script or region of fr-CA [container.not-kept]

        """)
    let streams = try MuxMediaMaker.streams(output)
    #expect(
      streams == [
        "0 h264 und default", "1 aac fre default",
        "2 mov_text eng default+hearing_impaired+captions",
        "3 mov_text fre visual_impaired+descriptions",
        // The chapters, which FFmpeg's MP4 muxer writes as a text track of their own.
        "4 bin_data eng -",
      ])
    #expect(try MuxMediaMaker.packetHashes(output) == MuxMediaMaker.packetHashes(media))
    #expect(try Self.embeddedCues(output, stream: 2) == Self.cues(english))
    #expect(try Self.embeddedCues(output, stream: 3) == Self.cues(french))
    // Chapters and the title are copied; the input is unchanged; no temporary file is left.
    let info = try MediaProbe.probe(output)
    #expect(info.title == "Sample film")
    #expect(info.chapters.map(\.title) == ["Opening", "Ending"])
    #expect(try Self.sha(media) == before)
    #expect(try folder.listing().filter { $0.hasPrefix(".") } == [])
  }

  @Test func movGetsMovTextTracksAndSaysWhichFlagsItLoses() throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.mp4(in: folder)
    let english = try folder.file("movie.en.sdh.srt", Self.englishSRT)
    let french = try folder.file("movie.fr.vtt", Self.frenchVTT)
    let output = folder.path + "/master.mov"
    let run = ToolRun([
      "mux", media, "--track", english + ":default", "--track", french, "-o", output,
    ])
    #expect(run.status == 0)
    #expect(
      run.stdout
        == "\(output): 2 streams copied, stream 2 added (mov_text, en, "
        + "default+hearing_impaired+captions), stream 3 added (mov_text, fr)\n")
    #expect(
      run.stderr.hasPrefix(
        "\(english): remark: srt text is converted to mov_text, the text codec MOV carries "
          + "[container.mp4-text-codec]\n"))
    #expect(
      run.stderr.contains(
        "\(english): remark: stream 2 (mov_text, sdh) loses the hearing_impaired, captions "
          + "flags: FFmpeg's MOV muxer does not store them [container.disposition]\n"
          + "    hint: write .mp4 to keep every flag\n"))
    let streams = try MuxMediaMaker.streams(output)
    // French is stored as fra, copied or added: FFmpeg's MOV muxer drops the code fre.
    #expect(
      streams.prefix(4) == [
        "0 h264 - default", "1 aac fra default", "2 mov_text eng default", "3 mov_text fra -",
      ])
    #expect(try MuxMediaMaker.packetHashes(output) == MuxMediaMaker.packetHashes(media))
    #expect(try Self.embeddedCues(output, stream: 2) == Self.cues(english))
  }

  @Test func movStoresEachLanguageInTheFormItsMuxerKnowsOrSaysItIsLost() throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.mp4(in: folder)
    let german = try folder.file("movie.de.srt", Self.englishSRT)
    let czech = try folder.file("movie.cs.srt", Self.englishSRT)
    let maori = try folder.file("movie.mi.srt", Self.englishSRT)
    let output = folder.path + "/master.mov"
    let run = ToolRun([
      "mux", media, "--track", german, "--track", czech, "--track", maori, "-o", output,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    // German is kept only as ger, Czech only as ces; Maori has no code in FFmpeg's MOV table.
    let streams = try MuxMediaMaker.streams(output)
    #expect(
      streams.dropFirst(2).prefix(3) == [
        "2 mov_text ger default", "3 mov_text ces -", "4 mov_text - -",
      ],
      "\(streams)")
    #expect(
      run.stderr.contains(
        "\(maori): warning: stream 4 (mov_text) loses its language mao: FFmpeg's MOV muxer has "
          + "no code for it [container.not-kept]\n    hint: write .mp4 or .mkv to keep it\n"))
    #expect(!run.stderr.contains("\(german): warning"))
  }

  @Test func validateFindsTheMuxedTracks() throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.mp4(in: folder)
    let english = try folder.file("movie.en.sdh.srt", Self.englishSRT)
    let french = try folder.file("movie.fr-CA.descriptions.vtt", Self.frenchVTT)
    // Into a folder of its own, so that validate finds no sidecar next to the output.
    try FileManager.default.createDirectory(
      atPath: folder.path + "/out", withIntermediateDirectories: false)
    let output = folder.path + "/out/movie.mp4"
    let mux = ToolRun(["mux", media, "--track", english, "--track", french, "-o", output])
    #expect(mux.status == 0)

    let run = ToolRun(["validate", output, "--no-audio", "--format", "json"])
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
    let tracks = try #require(report["tracks"] as? [[String: Any]])
    let found = tracks.map { track in
      [
        "\(track["source"] ?? "-")", "\(track["stream"] ?? "-")",
        "\(track["language"] ?? "-")", "\(track["kind"] ?? "-")",
        "\(track["cueCount"] ?? "-")",
      ].joined(separator: " ")
    }
    // The container keeps the language without its region (fr-CA is stored as fre).
    #expect(found == ["embedded 2 en sdh 3", "embedded 3 fr descriptions 2"])
  }

  @Test func matroskaKeepsOldStreamsAndSaysWhichFlagsItDrops() throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.mkv(in: folder)
    let english = try folder.file("movie.en.sdh.srt", Self.englishSRT)
    let french = try folder.file("movie.fr.vtt", Self.frenchVTT)
    let output = folder.path + "/out.mkv"
    let run = ToolRun([
      "mux", media, "--track", english + ":default", "--track",
      french + ":kind=descriptions:codec=webvtt", "-o", output,
    ])
    #expect(run.status == 0)
    #expect(
      run.stderr == """
        \(english): remark: stream 3 (subrip, sdh) loses the captions flag: FFmpeg's Matroska muxer does not store it [container.disposition]
            hint: write .mp4 to keep every flag
        \(french): remark: stream 4 (webvtt, descriptions) loses the descriptions flag: FFmpeg's Matroska muxer does not store it [container.disposition]
            hint: use :codec=subrip, which keeps descriptions in Matroska, or write .mp4

        """)
    // The old subtitle stream is copied, its default flag given to the new default track.
    let streams = try MuxMediaMaker.streams(output)
    #expect(
      streams == [
        "0 h264 - -", "1 flac - -", "2 subrip eng -",
        "3 subrip eng default+hearing_impaired", "4 webvtt fre -",
      ])
    #expect(try MuxMediaMaker.packetHashes(output) == MuxMediaMaker.packetHashes(media))
    #expect(try Self.embeddedCues(output, stream: 2) == ["00:00:00.200 00:00:00.900 Old"])
    #expect(try Self.embeddedCues(output, stream: 3) == Self.cues(english))
    #expect(try Self.embeddedCues(output, stream: 4) == Self.cues(french))
    // WebVTT keeps identifiers, settings and voices.
    let read = try MediaSubtitles.read(path: output, streams: [4], webVTT: EmbeddedWebVTT.reader)
    let original = try CaptionFileReader().read(path: french).track
    let cues = try #require(read.tracks.first).cues
    #expect(cues.map(\.id) == original.cues.map(\.id))
    #expect(cues.map(\.settings) == original.cues.map(\.settings))
    #expect(cues.map(\.rawText) == original.cues.map(\.rawText))
  }

  @Test func webmGetsWebVTTWithItsKinds() throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.webm(in: folder)
    let english = try folder.file("movie.en.srt", Self.englishSRT)
    let french = try folder.file("movie.fr.descriptions.vtt", Self.frenchVTT)
    let output = folder.path + "/out.webm"
    let run = ToolRun([
      "mux", media, "--track", english + ":kind=cc", "--track", french + ":default", "-o", output,
    ])
    #expect(run.status == 0)
    #expect(
      run.stderr == """
        \(english): remark: stream 2 (webvtt, captions) loses the hearing_impaired flag: FFmpeg's WebM muxer does not store it [container.disposition]
            hint: write .mp4 to keep every flag

        """)
    let streams = try MuxMediaMaker.streams(output)
    #expect(
      streams == [
        "0 vp8 - -", "1 vorbis - -", "2 webvtt eng captions",
        "3 webvtt fre default+descriptions",
      ])
    #expect(try MuxMediaMaker.packetHashes(output) == MuxMediaMaker.packetHashes(media))
    #expect(try Self.embeddedCues(output, stream: 2) == Self.cues(english))
    #expect(try Self.embeddedCues(output, stream: 3) == Self.cues(french))
  }

  @Test(arguments: [
    ("x.srt:lang=e_1", "error: 'e_1' is not a BCP 47 language tag in '--track x.srt:lang=e_1'"),
    (
      "x.srt:kind=sdhh",
      "error: unknown kind 'sdhh' in '--track x.srt:kind=sdhh'; expected one of captions, cc, sdh, subtitles, forced, descriptions, ad"
    ),
    (
      "x.srt:knd=sdh",
      "error: unknown option 'knd=sdh' in '--track x.srt:knd=sdh'; expected lang=, kind=, default, codec= or mode="
    ),
    ("x.srt:default=yes", "error: 'default' takes no value in '--track x.srt:default=yes'"),
    ("x.srt:lang=en:lang=fr", "error: 'lang' is given twice in '--track x.srt:lang=en:lang=fr'"),
    (":lang=en", "error: '--track :lang=en' names no file"),
    (
      "x.srt:codec=webvtt",
      "error: MP4 cannot carry webvtt text ('--track x.srt') [container.mp4-text-codec]"
    ),
    (
      "x.srt:codec=ass",
      "error: unknown codec 'ass' in '--track x.srt:codec=ass'; expected one of mov_text, subrip, webvtt, c608"
    ),
  ])
  func badTrackSpecsAreUsageErrors(spec: String, message: String) throws {
    let run = ToolRun(["mux", "movie.mp4", "--track", spec, "-o", "out.mp4"])
    #expect(run.status == 64)
    #expect(run.stderr.split(separator: "\n").first.map(String.init) == message)
  }

  @Test func otherCommandLineMistakes() throws {
    let twoDefaults = ToolRun([
      "mux", "m.mp4", "--track", "a.srt:default", "--track", "b.srt:default", "-o", "o.mp4",
    ])
    #expect(twoDefaults.status == 64)
    #expect(twoDefaults.stderr.hasPrefix("error: only one --track can be :default\n"))
    let container = ToolRun(["mux", "m.mp4", "--track", "a.srt", "-o", "o.avi"])
    #expect(container.status == 64)
    #expect(container.stderr.hasPrefix("error: cannot tell the container from 'o.avi'\n"))
    let folder = try TemporaryFolder()
    let chapters = try folder.file(
      "movie.chapters.vtt", "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nOpening\n")
    let media = try folder.file("m.mp4", "not read: the track is refused first")
    let chapterRun = ToolRun([
      "mux", media, "--track", chapters, "-o", folder.path + "/o.mp4",
    ])
    #expect(chapterRun.status == 64)
    #expect(chapterRun.stderr.hasPrefix("error: \(chapters) holds chapters, not text to show"))
    let noTrack = ToolRun(["mux", "m.mp4", "-o", "o.mp4"])
    #expect(noTrack.status == 64)
    #expect(noTrack.stderr.hasPrefix("error: missing option '--track <file>'\n"))
  }

  @Test func missingAndUnreadableInputs() throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.webm(in: folder)
    let track = try folder.file("a.srt", Self.englishSRT)
    let output = folder.path + "/out.webm"
    let noMedia = ToolRun(["mux", folder.path + "/none.mp4", "--track", track, "-o", output])
    #expect(noMedia.status == 66)
    #expect(noMedia.stderr == "error: \(folder.path)/none.mp4: no such file\n")
    let noTrack = ToolRun(["mux", media, "--track", folder.path + "/none.srt", "-o", output])
    #expect(noTrack.status == 66)
    #expect(noTrack.stderr == "error: \(folder.path)/none.srt: no such file\n")
    let garbage = try folder.file("garbage.mp4", bytes: Array(repeating: 0x47, count: 4096))
    let notMedia = ToolRun(["mux", garbage, "--track", track, "-o", output])
    #expect(notMedia.status == 65)
    let binary = try folder.file("b.srt", bytes: [0, 1, 2, 0xFF, 0xFE, 0, 0, 0])
    let notCaptions = ToolRun(["mux", media, "--track", binary, "-o", output])
    #expect(notCaptions.status == 65)
    #expect(!folder.exists("out.webm"))
    // Read, but nothing in it read as captions: a WebVTT file without its signature.
    let unsigned = try folder.file("u.vtt", "WEBVTX\n\n00:00:01.000 --> 00:00:02.000\nHi\n")
    let rejected = ToolRun(["mux", media, "--track", unsigned, "-o", output])
    #expect(rejected.status == 65)
    #expect(
      rejected.stderr.contains("error: \(unsigned): not read as captions; nothing was written"))
    #expect(!folder.exists("out.webm"))
    let same = ToolRun(["mux", media, "--track", track, "-o", media])
    #expect(same.status == 64)
  }

  @Test func aStreamTheContainerCannotHoldIsRefused() throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.mp4(in: folder)
    let track = try folder.file("a.srt", Self.englishSRT)
    let run = ToolRun(["mux", media, "--track", track, "-o", folder.path + "/out.webm"])
    #expect(run.status == 64)
    #expect(
      run.stderr.hasPrefix(
        "error: stream 0 of \(media) holds h264 video, which WebM cannot carry\n"
          + "hint: write .mp4, .mov or .mkv instead\n"))
    #expect(try folder.listing().filter { $0.hasPrefix("out") || $0.hasPrefix(".out") } == [])
  }

  @Test func textStreamsTheContainerCannotCarryAreConverted() throws {
    let folder = try TemporaryFolder()
    let mkv = try MuxMediaMaker.mkv(in: folder, audio: "aac")
    let track = try folder.file("a.srt", Self.englishSRT)
    let output = folder.path + "/out.mp4"
    let run = ToolRun(["mux", mkv, "--track", track, "-o", output])
    #expect(run.status == 0)
    #expect(
      run.stderr.contains(
        "\(mkv): remark: stream 2 (subrip) is converted to mov_text: MP4 cannot carry subrip; "
          + "its styling may change [container.mp4-text-codec]\n"))
    let streams = try MuxMediaMaker.streams(output)
    #expect(
      streams == [
        "0 h264 und default", "1 aac und default", "2 mov_text eng default", "3 mov_text und -",
      ])
    // The converted stream has the cues of the original, at the same times.
    #expect(try Self.embeddedCues(output, stream: 2) == Self.embeddedCues(mkv, stream: 2))
    #expect(try MuxMediaMaker.packetHashes(output) == MuxMediaMaker.packetHashes(mkv))
  }

  @Test func streamsTheMuxerRefusesAreAUsageError() throws {
    let folder = try TemporaryFolder()
    let mkv = try MuxMediaMaker.mkv(in: folder)
    let track = try folder.file("a.srt", Self.englishSRT)
    let run = ToolRun(["mux", mkv, "--track", track, "-o", folder.path + "/out.mp4"])
    #expect(run.status == 64)
    #expect(
      run.stderr.contains(
        "error: FFmpeg's MP4 muxer refuses these streams: flac in MP4 support is experimental\n"))
    #expect(try folder.listing().filter { $0.contains("out") } == [])
  }

  @Test func withoutFFmpegItExits69AndWritesNothing() throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.webm(in: folder)
    let track = try folder.file("a.srt", Self.englishSRT)
    let run = try FFmpegLoadingTests.captionkit(
      ["mux", media, "--track", track, "-o", folder.path + "/out.webm"],
      environment: ["CAPTIONKIT_FFMPEG_LIBRARY_PATH": folder.path + "/no-ffmpeg"])
    #expect(run.status == 69)
    #expect(run.stderr.hasPrefix("error: FFmpeg is not available: cannot load libavutil.so.57"))
    #expect(try folder.listing() == ["a.srt", "movie.webm"])
  }

  @Test func anUnwritableOutputExits73AndLeavesNothing() throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.webm(in: folder)
    let track = try folder.file("a.srt", Self.englishSRT)
    let missing = ToolRun(["mux", media, "--track", track, "-o", folder.path + "/no/out.webm"])
    #expect(missing.status == 73)
    #expect(missing.stderr.hasPrefix("error: cannot write \(folder.path)/no/out.webm: "))
    // A file where a folder should be: no permission trick, so it fails as root too.
    let file = try folder.file("plain", "x")
    let notFolder = ToolRun(["mux", media, "--track", track, "-o", file + "/out.webm"])
    #expect(notFolder.status == 73)
    #expect(notFolder.stderr.hasPrefix("error: cannot write \(file)/out.webm: "))
    // A muxer's refusal names the output, not the temporary file it was writing.
    let mkv = try MuxMediaMaker.mkv(in: folder)
    let refused = ToolRun(["mux", mkv, "--track", track, "-o", folder.path + "/out.mp4"])
    #expect(refused.status == 64)
    #expect(!refused.stderr.contains(".captionkit-"))
    #expect(
      try folder.listing() == [
        "a.srt", "movie-flac.mkv", "movie.webm", "old.srt", "plain",
      ])
  }
}
