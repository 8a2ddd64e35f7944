import Foundation
import Testing

@testable import CaptionCLI

struct ValidateCommandTests {
  @Test func summarisesCleanFiles() throws {
    let folder = try TemporaryFolder()
    let vtt = try folder.file("a.vtt", SampleText.webvtt)
    let srt = try folder.file("b.srt", SampleText.srt)
    let run = ToolRun(["validate", vtt, srt])
    #expect(run.status == 0)
    #expect(run.stdout == "checked 2 files: 0 errors, 0 warnings, 0 remarks\n")
    #expect(run.stderr.isEmpty)
  }

  @Test func writesTheJSONReport() throws {
    let run = ToolRun(["validate", "--format", "json", "-"], stdin: "WEBVTT\n")
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        {
          "tool": {
            "name": "captionkit",
            "version": "0.1.0"
          },
          "media": null,
          "tracks": [
            {
              "id": "1",
              "path": "-",
              "stream": null,
              "source": "argument",
              "format": "webvtt",
              "language": null,
              "kind": null,
              "encoding": "UTF-8",
              "cueCount": 0
            }
          ],
          "diagnostics": [],
          "coverage": null,
          "wcag": [],
          "summary": {
            "errors": 0,
            "warnings": 0,
            "remarks": 0
          }
        }

        """)
  }

  @Test func checksEveryCaptionFileOfAFolderInOrder() throws {
    let folder = try TemporaryFolder()
    try folder.file("b.srt", SampleText.srt)
    try folder.file("a.vtt", SampleText.webvtt)
    try folder.file("sub/c.vtt", SampleText.webvtt)
    try folder.file("sub/B.srt", SampleText.srt)
    try folder.file("movie.mp4", bytes: [0, 0, 0, 0x18])
    try folder.file("notes.txt", "notes")
    try folder.file(".hidden.vtt", "broken")
    let run = ToolRun(["validate", "--format", "json", folder.path])
    #expect(run.status == 0)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
    let tracks = try #require(report["tracks"] as? [[String: Any]])
    #expect(
      tracks.compactMap { $0["path"] as? String }
        == [
          "a.vtt", "b.srt", "sub/B.srt", "sub/c.vtt",
        ].map { folder.path + "/" + $0 })
    #expect(tracks.compactMap { $0["id"] as? String } == ["1", "2", "3", "4"])
    #expect(tracks.compactMap { $0["format"] as? String } == ["webvtt", "srt", "srt", "webvtt"])
  }

  @Test func aFolderWithoutCaptionsExits66() throws {
    let folder = try TemporaryFolder()
    try folder.file("notes.txt", "notes")
    let run = ToolRun(["validate", folder.path])
    #expect(run.status == 66)
    #expect(run.stderr == "error: \(folder.path): no caption files in the folder\n")
    #expect(run.stdout == "checked 0 files: 0 errors, 0 warnings, 0 remarks\n")
  }

  @Test func reportsBadInputsAndChecksTheRest() throws {
    let folder = try TemporaryFolder()
    let good = try folder.file("a.vtt", SampleText.webvtt)
    let text = try folder.file("notes.txt", "notes\n")
    let missing = folder.path + "/gone.srt"
    let notCaptions = ToolRun(["validate", text, good])
    #expect(notCaptions.status == 65)
    #expect(
      notCaptions.stderr
        == "error: \(text): not a caption file: unknown format (no WEBVTT signature, no SRT cue)\n")
    #expect(notCaptions.stdout == "checked 1 file: 0 errors, 0 warnings, 0 remarks\n")
    let both = ToolRun(["validate", good, missing, text])
    #expect(both.status == 66)
    #expect(
      both.stderr
        == "error: \(missing): no such file\nerror: \(text): not a caption file: unknown format "
        + "(no WEBVTT signature, no SRT cue)\n")
  }

  @Test func refusesLargeInputsWithAHint() throws {
    let folder = try TemporaryFolder()
    let big = try folder.file("big.srt", SampleText.srt)
    let small = try folder.file("small.vtt", "WEBVTT\n")
    let run = ToolRun(["validate", big, small, "--max-input-size", "10"])
    let size = SampleText.srt.utf8.count
    #expect(run.status == 65)
    #expect(
      run.stderr == """
        error: \(big): \(size) bytes is over the input limit of 10 bytes
        hint: raise the limit with --max-input-size \(size)

        """)
    #expect(run.stdout == "checked 1 file: 0 errors, 0 warnings, 0 remarks\n")
  }

  @Test func writesTheReportToAFile() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("a.vtt", SampleText.webvtt)
    let run = ToolRun(["validate", input, "-o", folder.path + "/report.txt"])
    #expect(run.status == 0)
    #expect(run.stdout.isEmpty)
    #expect(
      try folder.contents("report.txt") == "checked 1 file: 0 errors, 0 warnings, 0 remarks\n")
    let blocked = ToolRun(["validate", input, "-o", folder.path + "/none/report.txt"])
    #expect(blocked.status == 73)
    #expect(blocked.stderr.hasPrefix("error: cannot write \(folder.path)/none/report.txt: "))
  }

  @Test func rejectsBadOptionValues() {
    let format = ToolRun(["validate", "a.vtt", "--format", "sarf"])
    #expect(format.status == 64)
    #expect(
      format.stderr.hasPrefix(
        "error: unknown format 'sarf' for '--format'; expected one of text, json, junit, sarif\n"
          + "hint: did you mean 'sarif'?\nusage: captionkit validate "))
    let failOn = ToolRun(["validate", "a.vtt", "--fail-on", "warnings"])
    #expect(failOn.status == 64)
    #expect(
      failOn.stderr.hasPrefix(
        "error: unknown severity 'warnings' for '--fail-on'; expected one of error, warning, "
          + "never\nhint: did you mean 'warning'?\n"))
    let twice = ToolRun(["validate", "-", "-"])
    #expect(twice.status == 64)
    #expect(twice.stderr.hasPrefix("error: standard input '-' can be read only once\n"))
    let none = ToolRun(["validate"])
    #expect(none.status == 64)
    #expect(none.stderr.hasPrefix("error: missing argument <path>\n"))
  }

  /// Needs the real WebVTT reader: the placeholder reports nothing.
  @Test func findingsDecideTheExitStatus() throws {
    let folder = try TemporaryFolder()
    let broken = try folder.file(
      "broken.vtt", "WEBVTT\n\n00:00:02.000 --> 00:00:01.000 nonsense:1\nHello\n")
    let strict = ToolRun(["validate", broken, "--fail-on", "warning"])
    #expect(strict.status == 1)
    #expect(strict.stdout.hasPrefix("\(broken):3:"))
    #expect(strict.stdout.contains("[parse.webvtt]\n"))
    let never = ToolRun(["validate", broken, "--fail-on", "never"])
    #expect(never.status == 0)
    #expect(never.stdout == strict.stdout)
  }
}
