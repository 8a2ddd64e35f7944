import CaptionKit
import Foundation
import Testing

@testable import CaptionCLI

@Suite("ExtractCommand")
struct ExtractCommandTests {
  static let english = """
    1
    00:00:00,500 --> 00:00:01,750
    <i>Hello</i> there

    2
    00:00:02,000 --> 00:00:03,250
    Line one
    Line two

    3
    00:00:03,500 --> 00:00:04,900
    {\\an8}Top & <b>bold</b>

    """

  static let korean = """
    1
    00:00:01,000 --> 00:00:02,500
    안녕하세요

    """

  static let englishVTT = """
    WEBVTT

    00:00:00.500 --> 00:00:01.750
    <i>Hello</i> there

    00:00:02.000 --> 00:00:03.250
    Line one
    Line two

    00:00:03.500 --> 00:00:04.900 line:0
    Top &amp; <b>bold</b>

    """

  /// A Matroska file with English SDH, Korean and undetermined subtitles.
  static func movie(in folder: TemporaryFolder) throws -> String {
    try folder.file("en.srt", english)
    try folder.file("ko.srt", korean)
    return try SubtitleMediaMaker.make(
      "movie.mkv", in: folder,
      streams: [
        .init(file: "en.srt", codec: "subrip", language: "eng", disposition: "hearing_impaired"),
        .init(file: "ko.srt", codec: "ass", language: "kor"),
        .init(file: "ko.srt", codec: "subrip"),
      ])
  }

  @Test func writesEachTextStreamNextToTheMedia() throws {
    let folder = try TemporaryFolder()
    let media = try Self.movie(in: folder)
    let run = ToolRun(["extract", media])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(
      run.stdout == """
        \(folder.path)/movie.en.sdh.vtt: 3 cues from stream 2 (subrip)
        \(folder.path)/movie.ko.vtt: 1 cue from stream 3 (ass)
        \(folder.path)/movie.und.vtt: 1 cue from stream 4 (subrip)

        """)
    #expect(
      try folder.listing() == [
        "en.srt", "ko.srt", "movie.en.sdh.vtt", "movie.ko.vtt", "movie.mkv", "movie.und.vtt",
      ])
    #expect(try folder.contents("movie.en.sdh.vtt") == Self.englishVTT)
    #expect(
      try folder.contents("movie.ko.vtt") == "WEBVTT\n\n00:00:01.000 --> 00:00:02.500\n안녕하세요\n")
  }

  @Test func theFilesAreSidecarsThatReadBackAsExtracted() throws {
    let folder = try TemporaryFolder()
    let media = try Self.movie(in: folder)
    let embedded = try MediaSubtitles.read(path: media)
    for format in ["vtt", "srt"] {
      let output = folder.path + "/" + format
      try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)
      let run = ToolRun(["extract", media, "-o", output, "--to", format])
      #expect(run.status == 0)
      // Discovery finds them as the media file's sidecars, with language and kind.
      let sidecars = SidecarDiscovery.sidecars(
        forMedia: output + "/movie.mkv",
        among: try FileManager.default.contentsOfDirectory(
          atPath: output))
      #expect(
        sidecars.map { "\($0.language?.rawValue ?? "-") \($0.kind?.rawValue ?? "-")" } == [
          "en sdh", "ko -", "und -",
        ])
      for (sidecar, track) in zip(sidecars, embedded.tracks) {
        let read = try CaptionFileReader().read(path: sidecar.path)
        #expect(read.diagnostics == [])
        #expect(read.track.cues.map(\.start) == track.cues.map(\.start))
        #expect(read.track.cues.map(\.end) == track.cues.map(\.end))
        #expect(read.track.cues.map(\.text) == track.cues.map(\.text))
        #expect(read.track.cues.map(\.settings.line) == track.cues.map(\.settings.line))
      }
    }
    #expect(
      try folder.contents("srt/movie.en.sdh.srt") == """
        1
        00:00:00,500 --> 00:00:01,750
        <i>Hello</i> there

        2
        00:00:02,000 --> 00:00:03,250
        Line one
        Line two

        3
        00:00:03,500 --> 00:00:04,900
        {\\an8}Top & <b>bold</b>


        """)
  }

  @Test func keepsExistingFilesUnlessForced() throws {
    let folder = try TemporaryFolder()
    let media = try Self.movie(in: folder)
    try folder.file("movie.ko.vtt", "WEBVTT\n\nedited by hand\n")
    try folder.file("movie.und.vtt", "WEBVTT\n")
    let kept = ToolRun(["extract", media])
    #expect(kept.status == 73)
    #expect(kept.stdout == "")
    #expect(
      kept.stderr == """
        error: \(folder.path)/movie.ko.vtt exists (and 1 more); nothing was written
        hint: add --force to replace, or write elsewhere with -o

        """)
    #expect(try folder.contents("movie.ko.vtt") == "WEBVTT\n\nedited by hand\n")
    #expect(!folder.exists("movie.en.sdh.vtt"))
    let forced = ToolRun(["extract", media, "--force"])
    #expect(forced.status == 0)
    #expect(
      try folder.contents("movie.ko.vtt") == "WEBVTT\n\n00:00:01.000 --> 00:00:02.500\n안녕하세요\n")
    #expect(folder.exists("movie.en.sdh.vtt"))
  }

  @Test func webVTTStoredAsWrittenComesBackAsWritten() throws {
    let folder = try TemporaryFolder()
    let source = """
      WEBVTT

      intro
      00:00:00.750 --> 00:00:01.500 line:0 align:start
      <v Anna>Guten <c.loud>Tag</c></v>

      00:00:02.125 --> 00:00:03.000 position:20%
      <ruby>漢<rt>kan</rt></ruby> &amp; <i>drei</i>

      """
    try folder.file("de.vtt", source)
    let media = try SubtitleMediaMaker.make(
      "web.mkv", in: folder, streams: [.init(file: "de.vtt", codec: "copy", language: "ger")])
    let run = ToolRun(["extract", media])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(try folder.contents("web.de.vtt") == source)
  }

  @Test func numbersStreamsThatWouldShareAName() throws {
    let folder = try TemporaryFolder()
    try folder.file("a.srt", Self.korean)
    let media = try SubtitleMediaMaker.make(
      "two.mkv", in: folder,
      streams: [
        .init(file: "a.srt", codec: "subrip", language: "eng"),
        .init(file: "a.srt", codec: "ass", language: "eng"),
        .init(file: "a.srt", codec: "subrip", language: "eng", disposition: "forced"),
        .init(file: "a.srt", codec: "webvtt", language: "eng"),
      ])
    let run = ToolRun(["extract", media, "--to", "srt"])
    #expect(run.status == 0)
    #expect(
      try folder.listing().filter { $0.hasPrefix("two.") } == [
        "two.en.2.srt", "two.en.3.srt", "two.en.forced.srt", "two.en.srt", "two.mkv",
      ])
    #expect(
      run.stdout.split(separator: "\n").map { $0.split(separator: "/").last ?? "" } == [
        "two.en.srt: 1 cue from stream 2 (subrip)", "two.en.2.srt: 1 cue from stream 3 (ass)",
        "two.en.forced.srt: 1 cue from stream 4 (subrip)",
        "two.en.3.srt: 1 cue from stream 5 (webvtt)",
      ])
  }

  @Test func writesJSONTracksAndChosenStreams() throws {
    let folder = try TemporaryFolder()
    let media = try Self.movie(in: folder)
    let output = folder.path + "/json"
    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)
    let run = ToolRun(["extract", media, "-o", output, "--to", "json", "--stream", "3"])
    #expect(run.status == 0)
    #expect(run.stdout == "\(output)/movie.ko.json: 1 cue from stream 3 (ass)\n")
    let data = try Data(contentsOf: URL(fileURLWithPath: output + "/movie.ko.json"))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(json["language"] as? String == "ko")
    #expect(json["kind"] as? String == "subtitles")
    let cues = try #require(json["cues"] as? [[String: Any]])
    #expect(cues.count == 1)
    #expect(cues.first?["text"] as? String == "안녕하세요")
    #expect(cues.first?["start"] as? Double == 1.0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: output) == ["movie.ko.json"])
  }

  @Test func refusesStreamsThatAreNotText() throws {
    let folder = try TemporaryFolder()
    let media = try Self.movie(in: folder)
    let run = ToolRun(["extract", media, "--stream", "1"])
    #expect(run.status == 64)
    #expect(
      run.stderr.hasPrefix(
        "error: stream 1 of \(media) is not a subtitle stream (its text streams: 2, 3, 4)\n"))
    let bad = ToolRun(["extract", media, "--stream", "two"])
    #expect(bad.status == 64)
    #expect(bad.stderr.hasPrefix("error: '--stream' takes a stream index (0, 1, ...), not 'two'\n"))
    #expect(try folder.listing() == ["en.srt", "ko.srt", "movie.mkv"])
  }

  @Test func aStreamThatDoesNotExistIsSaidSo() throws {
    let folder = try TemporaryFolder()
    let media = try Self.movie(in: folder)
    let run = ToolRun(["extract", media, "--stream", "9"])
    #expect(run.status == 64)
    #expect(
      run.stderr.hasPrefix(
        "error: stream 9 of \(media) does not exist: it has 5 streams, 0 to 4 (its text "
          + "streams: 2, 3, 4)\n"))
  }

  /// Media without a text subtitle stream: nothing is read as captions, so nothing is
  /// written and the exit status says so.
  @Test func mediaWithoutTextSubtitlesExits65AndWritesNothing() throws {
    let folder = try TemporaryFolder()
    let media = try SubtitleMediaMaker.make("bare.mkv", in: folder, streams: [])
    let run = ToolRun(["extract", media, "-o", folder.path])
    #expect(run.status == 65)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr == "error: \(media) has no text subtitle stream to extract; nothing was written\n"
        + "hint: 'captionkit probe \(media)' lists its streams\n")
    #expect(try folder.listing() == ["bare.mkv"])
  }

  @Test func exitCodesForMissingDamagedAndUnwritable() throws {
    let folder = try TemporaryFolder()
    let missing = ToolRun(["extract", folder.path + "/none.mp4"])
    #expect(missing.status == 66)
    #expect(missing.stderr == "error: \(folder.path)/none.mp4: no such file\n")

    let text = try folder.file("notes.mkv", "not a video\n")
    let damaged = ToolRun(["extract", text])
    #expect(damaged.status == 65)
    #expect(damaged.stderr.split(separator: "\n").count == 1)
    #expect(damaged.stderr.hasPrefix("error: cannot open '\(text)': "))

    let media = try Self.movie(in: folder)
    let cut = try folder.file(
      "cut.mkv", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: media)).prefix(200)))
    let truncated = ToolRun(["extract", cut])
    #expect(truncated.status == 65)

    let unwritable = ToolRun(["extract", media, "-o", folder.path + "/nowhere"])
    #expect(unwritable.status == 73)
    #expect(
      unwritable.stderr
        == "error: cannot write to \(folder.path)/nowhere: no such file or directory\n"
        + "hint: create the folder first\n")
    #expect(ToolRun(["extract", media, "--to", "sbv"]).status == 64)
    #expect(ToolRun(["extract", "-"]).status == 64)
  }

  @Test func damagedMediaIsExtractedAsFarAsItCanBeReadAndExits1() throws {
    let folder = try TemporaryFolder()
    let cut = try ProgrammeDurationTests.cutMedia("mkv", in: folder)
    var run = ToolRun(["extract", cut])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains("[container.damaged]"))
    #expect(run.stdout.hasPrefix("\(folder.path)/cut.en.vtt: "))
    #expect(try folder.contents("cut.en.vtt").contains("Hello."))
    run = ToolRun(["extract", cut, "--force", "--fail-on", "never"])
    #expect(run.status == 0)
  }

  @Test func withoutFFmpegItExits69() throws {
    let folder = try TemporaryFolder()
    let media = try Self.movie(in: folder)
    let run = try FFmpegLoadingTests.captionkit(
      ["extract", media], environment: ["CAPTIONKIT_FFMPEG_LIBRARY_PATH": folder.path + "/none"])
    #expect(run.status == 69)
    #expect(run.stderr.hasPrefix("error: FFmpeg is not available: cannot load libavutil.so."))
    #expect(try folder.listing() == ["en.srt", "ko.srt", "movie.mkv"])
  }

  @Test func printsItsHelp() {
    let run = ToolRun(["extract", "--help"])
    #expect(run.status == 0)
    #expect(
      run.stdout.hasPrefix(
        """
        OVERVIEW: Write the text subtitle streams of a media file as caption files.

        USAGE: captionkit extract <media> [-o <folder>] [--to <format>]
                 [--stream <index>]... [--force] [--max-findings <n>]

        """))
    #expect(run.stdout.contains("  --stream <index>          Extract only this stream"))
  }
}
