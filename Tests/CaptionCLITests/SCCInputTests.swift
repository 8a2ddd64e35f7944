import CaptionKit
import Foundation
import Testing

@testable import CaptionCLI

/// SCC files as inputs of `validate`, `convert` and `transcript`, named on the command line or
/// found next to a media file.
struct SCCInputTests {
  /// "Hello" from 1.235 s to 2.002 s and "Bye now" from 3.270 s to 5.005 s, in CC1.
  static let file = """
    Scenarist_SCC V1.0

    00:00:01;00\t9420 9420 9470 9470 c8e5 ecec ef80 942f 942f

    00:00:02;00\t942c 942c

    00:00:03;00\t9420 9420 9470 9470 c279 e520 6eef f780 942f 942f

    00:00:05;00\t942c 942c

    """

  @Test func convertWritesWebVTT() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("talk.scc", Self.file)
    let run = ToolRun(["convert", input, "-o", "-", "--to", "vtt"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    #expect(
      run.stdout == """
        WEBVTT

        00:00:01.235 --> 00:00:02.002 line:84.67% position:10%,line-left align:start
        Hello

        00:00:03.270 --> 00:00:05.005 line:84.67% position:10%,line-left align:start
        Bye now

        """)
  }

  @Test func convertFailsWhenTheReaderLeftTextOutThoughOnlyAWarningSaysSo() throws {
    let folder = try TemporaryFolder()
    // 34 characters on one row: the last two are past column 32, which receivers drop.
    let pairs = String(repeating: "6161 ", count: 17)
    let input = try folder.file(
      "wide.en.scc",
      "Scenarist_SCC V1.0\n\n00:00:01:00\t9420 9420 9470 9470 \(pairs)942f 942f\n\n"
        + "00:00:04:00\t942c 942c\n")
    var run = ToolRun(["convert", input, "-o", folder.path + "/wide.srt"])
    #expect(run.status == 1)
    #expect(run.stderr.contains("warning: CC1 text past column 32 on row 15 is dropped from 'a'"))
    #expect(try folder.contents("wide.srt").contains(String(repeating: "a", count: 32) + "\n"))
    run = ToolRun(["convert", input, "-o", folder.path + "/wide.srt", "--fail-on", "never"])
    #expect(run.status == 0)
    run = ToolRun(["fix", input, "-o", folder.path + "/fixed.scc"])
    #expect(run.status == 65)
  }

  @Test func validateReportsTheReaderAndTheRules() throws {
    let folder = try TemporaryFolder()
    let broken = Self.file.replacingOccurrences(of: "c8e5 ecec", with: "c8e5 zzzz ecec")
      .replacingOccurrences(of: "00:00:05;00\t942c 942c\n", with: "")
    let input = try folder.file("talk.en.scc", broken)
    let run = ToolRun(["validate", input])
    #expect(run.status == 1)
    #expect(
      run.stdout == """
        \(input):3:38: error: 'zzzz' is not a byte pair of four hexadecimal digits; skipped [parse.scc]
            hint: write each pair as four hexadecimal digits, such as 9420
        \(input):3:53: warning: cue 1 lasts 0.734 s; the en minimum is 0.833 s [timing.min-duration]
            hint: show the cue longer, or merge it with its neighbour
        \(input):7:53: warning: CC1 caption shown at 00:00:03.270 is still on screen at the end [parse.scc]
            hint: erase it with EDM (942c) after its last End Of Caption
        checked 1 file: 1 error, 2 warnings, 0 remarks

        """)
    let json = ToolRun(["validate", input, "--format", "json"])
    #expect(json.stdout.contains("\"format\": \"scc\""))
  }

  @Test func validateFindsAnSCCSidecarNextToTheMedia() throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.mp4(in: folder)
    try folder.file("movie.en.scc", Self.file)
    let run = ToolRun(["validate", media, "--no-audio", "--format", "json"])
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
    let tracks = try #require(report["tracks"] as? [[String: Any]])
    let found = tracks.map { track in
      [
        "\(track["source"] ?? "-")", "\(track["format"] ?? "-")",
        "\(track["language"] ?? "-")", "\(track["cueCount"] ?? "-")",
        String("\(track["path"] ?? "-")".split(separator: "/").last ?? ""),
      ].joined(separator: " ")
    }
    #expect(found == ["sidecar scc en 2 movie.en.scc"])
  }

  @Test func transcriptReadsTheCaptions() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("talk.en.scc", Self.file)
    let run = ToolRun(["transcript", input, "-o", "-", "--to", "txt"])
    #expect(run.status == 0)
    #expect(run.stdout == "Transcript: talk\n\n0:01 Hello Bye now\n")
  }
}
