import Foundation
import Testing

@testable import CaptionCLI

/// A track read without a fault that holds no cue: `validate` says so
/// (`coverage.empty-track`, or the media rule that names it), WCAG does not count it, and
/// nothing writes it as an SRT file, which would be empty and read as no caption file.
struct EmptyTrackTests {
  static let emptyFiles: [(name: String, contents: String)] = [
    ("header.vtt", "WEBVTT\n"),
    ("note.vtt", "WEBVTT - no cues yet\n\nNOTE to be captioned\n"),
    (
      "body.ttml",
      "<?xml version=\"1.0\"?>\n<tt xmlns=\"http://www.w3.org/ns/ttml\" xml:lang=\"en\">"
        + "<body><div/></body></tt>\n"
    ),
    (
      "events.ass",
      "[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, "
        + "MarginL, MarginR, MarginV, Effect, Text\n"
    ),
    ("header.scc", "Scenarist_SCC V1.0\n\n"),
  ]

  @Test(arguments: emptyFiles.map(\.name))
  func aFileWithoutCuesIsAWarning(name: String) throws {
    let folder = try TemporaryFolder()
    let contents = try #require(Self.emptyFiles.first { $0.name == name }).contents
    let path = try folder.file(name, contents)
    let run = ToolRun(["validate", path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.hasPrefix(
        "\(path): warning: the file has no cues [coverage.empty-track]\n"
          + "    hint: check that the right file was delivered and that what wrote it did not "
          + "fail\n"), "\(run.stdout)")
    #expect(run.stdout.contains("checked 1 file: 0 errors, 1 warning, 0 remarks"))
    #expect(ToolRun(["validate", path, "--fail-on", "warning"]).status == 1)
  }

  @Test func aFileWithCuesOrRefusedByItsReaderGetsNoSuchFinding() throws {
    let folder = try TemporaryFolder()
    let cues = try folder.file("cues.vtt", SampleText.webvtt)
    let refused = try folder.file("refused.vtt", "WEBVTTX\n\n00:01.000 --> 00:02.000\nHi\n")
    let run = ToolRun(["validate", cues, refused, "--format", "json"])
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let rules = (root["diagnostics"] as? [[String: Any]] ?? []).compactMap {
      $0["rule"] as? String
    }
    // The refused file's error says it was not read; "no cues" would only repeat it.
    #expect(rules == ["parse.webvtt"], "\(run.stdout)")
  }

  @Test func theRuleCanBeTurnedOff() throws {
    let folder = try TemporaryFolder()
    let path = try folder.file("header.vtt", "WEBVTT\n")
    let config = try folder.file(
      "config.json", "{\"rules\": {\"coverage.empty-track\": \"off\"}}")
    let run = ToolRun(["validate", path, "--config", config])
    #expect(run.status == 0)
    #expect(!run.stdout.contains("coverage.empty-track"), "\(run.stdout)")
    #expect(run.stdout.contains("checked 1 file: 0 errors, 0 warnings, 0 remarks"))
  }

  @Test func anEmptyTrackBesideMediaIsNamedOnce() throws {
    let folder = try TemporaryFolder()
    let media = try MediaSample.bareMovie(in: folder)
    try folder.file("movie.en.vtt", "WEBVTT\n")
    try folder.file("movie.en.descriptions.vtt", "WEBVTT\n")
    let run = ToolRun(["validate", media, "--no-audio"])
    #expect(run.status == 1)
    // The media rules name both tracks; neither gets a finding of its own besides.
    #expect(
      run.stdout.contains(
        "movie.mp4: error: the media has an audio stream, but its caption and subtitle track "
          + "\(folder.path)/movie.en.vtt has no cues [coverage.no-captions]"), "\(run.stdout)")
    #expect(
      run.stdout.contains(
        "movie.mp4: warning: the media has video and no described audio stream, and its "
          + "description track \(folder.path)/movie.en.descriptions.vtt has no cues "
          + "[description.missing]"), "\(run.stdout)")
    #expect(!run.stdout.contains("coverage.empty-track"), "\(run.stdout)")
    #expect(run.stdout.contains("1.2.2  A    fail"))
    // An empty description track describes nothing.
    #expect(
      run.stdout.contains(
        "1.2.5  AA   fail            description track 1 has no cues, and no audio stream is "
          + "marked as described"), "\(run.stdout)")
    #expect(run.stdout.contains("1.2.3  A    unknown         description track 1 has no cues"))
    #expect(!run.stdout.contains("pass"), "\(run.stdout)")
  }

  @Test func anEmptyTrackBesideOthersWithCuesIsAWarning() throws {
    let folder = try TemporaryFolder()
    let media = try MediaSample.bareMovie(in: folder)
    let empty = try folder.file("movie.en.vtt", "WEBVTT\n")
    try folder.file("movie.fr.vtt", SampleText.webvtt)
    let run = ToolRun(["validate", media, "--no-audio"])
    #expect(
      run.stdout.contains("\(empty): warning: the file has no cues [coverage.empty-track]"),
      "\(run.stdout)")
    #expect(!run.stdout.contains("coverage.no-captions"))
    // The empty track stands for no dialogue: the other is compared with the audio, and no
    // cue is reported missing from the empty one.
    #expect(run.stdout.contains("captions 00:00:01.000 of "), "\(run.stdout)")
    #expect(run.stdout.contains("(track 2); audio not analysed"), "\(run.stdout)")
    #expect(!run.stdout.contains("translation.cue-alignment"), "\(run.stdout)")
  }

  @Test func anEmptyStreamIsNamedByItsIndex() throws {
    let folder = try TemporaryFolder()
    try folder.file("empty.vtt", "WEBVTT\n")
    try folder.file("cues.srt", SampleText.srt)
    let media = try SubtitleMediaMaker.make(
      "two.mkv", in: folder,
      streams: [
        .init(file: "cues.srt", codec: "subrip", language: "eng"),
        .init(file: "empty.vtt", codec: "webvtt", language: "fra"),
      ])
    let run = ToolRun(["validate", media, "--no-audio"])
    #expect(
      run.stdout.contains("\(media): warning: stream 3 has no cues [coverage.empty-track]"),
      "\(run.stdout)")

    // Extracted as SRT, the empty stream is left out with an error; the other is written.
    let out = folder.path + "/out"
    for suffix in ["", "2", "3"] {
      try FileManager.default.createDirectory(
        atPath: out + suffix, withIntermediateDirectories: true)
    }
    let extract = ToolRun(["extract", media, "--to", "srt", "-o", out])
    #expect(extract.status == 1, "\(extract.stderr)")
    #expect(
      extract.stderr.contains(
        "\(media): error: stream 3 has no cues, and an SRT file without cues is empty, which "
          + "is read as no caption file; it was not written [coverage.empty-track]"),
      "\(extract.stderr)")
    #expect(extract.stdout == "\(out)/two.en.srt: 1 cue from stream 2 (subrip)\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["two.en.srt"])

    // Only the empty stream: nothing to write.
    let only = ToolRun(["extract", media, "--stream", "3", "--to", "srt", "-o", out + "2"])
    #expect(only.status == 65, "\(only.stderr)")
    #expect(
      only.stderr.contains("error: \(media): no stream to extract has cues; nothing was written"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: out + "2").isEmpty)
    // As WebVTT it is written, with its header.
    let vtt = ToolRun(["extract", media, "--stream", "3", "-o", out + "3"])
    #expect(vtt.status == 0, "\(vtt.stderr)")
    #expect(try String(contentsOfFile: out + "3/two.fr.vtt", encoding: .utf8) == "WEBVTT\n")
  }

  @Test func muxAddsAnEmptyTrackButSaysSo() throws {
    let folder = try TemporaryFolder()
    let empty = try folder.file("empty.en.vtt", "WEBVTT\n")
    let output = folder.path + "/out.mkv"
    let run = ToolRun([
      "mux", ValidateRulesTests.samples + "/lighthouse/lighthouse.mp4", "--track", empty, "-o",
      output,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.hasPrefix("\(empty): warning: the file has no cues [coverage.empty-track]\n"),
      "\(run.stderr)")
    #expect(run.stdout.contains("stream 3 added (subrip, en)"), "\(run.stdout)")
    #expect(
      ToolRun([
        "mux", ValidateRulesTests.samples + "/lighthouse/lighthouse.mp4",
        "--track", empty, "-o", folder.path + "/again.mkv", "--fail-on", "warning",
      ]).status == 1)
  }

  @Test(arguments: ["convert", "fix"])
  func noCommandWritesAnEmptySRTFile(command: String) throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("header.vtt", "WEBVTT\n")
    let output = folder.path + "/out.srt"
    let run = ToolRun([command, input, "-o", output])
    #expect(run.status == 65, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "error: \(input) has no cues, and an SRT file without cues is empty, which is read as "
          + "no caption file; nothing was written\n"
          + "hint: write WebVTT instead (its header says what the file is), or leave the track "
          + "out\n"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output))
    // Standard output gets nothing either.
    let piped = ToolRun([command, "-", "--to", "srt", "-o", "-"], stdin: "WEBVTT\n")
    #expect(piped.status == 65)
    #expect(piped.stdoutBytes.isEmpty)
    #expect(piped.stderr.contains("error: <stdin> has no cues"), "\(piped.stderr)")
    // Other formats carry a header, and are written.
    let ttml = ToolRun([command, input, "-o", folder.path + "/out.ttml"])
    #expect(ttml.status == 0, "\(ttml.stderr)")
    #expect(try folder.contents("out.ttml").contains("<body"))
  }
}
