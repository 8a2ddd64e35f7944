import Foundation
import Testing

@testable import CaptionCLI

/// `--timeout` on the commands that read one media file: an input not read within the limit
/// is stopped with an error naming it and the limit, exit 65, as `batch` stops one.
struct InputTimeLimitTests {
  static let captions = "1\n00:00:01,000 --> 00:00:02,500\nHello there\n"

  /// A 5-second film with an English subtitle stream, and the same captions beside it.
  static func film(in folder: TemporaryFolder) throws -> String {
    try folder.file("en.srt", captions)
    try folder.file("film.en.srt", captions)
    return try SubtitleMediaMaker.make(
      "film.mkv", in: folder,
      streams: [.init(file: "en.srt", codec: "subrip", language: "eng")])
  }

  static func arguments(_ command: String, _ media: String, _ folder: TemporaryFolder)
    -> [String]
  {
    switch command {
    case "extract": return ["extract", media, "-o", folder.path + "/out"]
    case "transcript": return ["transcript", media, "-o", folder.path + "/out/film.html"]
    default: return [command, media]
    }
  }

  /// A microsecond is less than starting the thread that reads the file takes.
  @Test(arguments: ["validate", "probe", "extract", "transcript"])
  func aTinyLimitStopsTheInputWithExit65(command: String) throws {
    let folder = try TemporaryFolder()
    let media = try Self.film(in: folder)
    try FileManager.default.createDirectory(
      atPath: folder.path + "/out", withIntermediateDirectories: false)
    let run = ToolRun(Self.arguments(command, media, folder) + ["--timeout", "0.000001"])
    #expect(run.status == 65)
    #expect(
      run.stderr == """
        error: \(media): not done after 0.000001 s, the time limit (--timeout); stopped
        hint: give it more time with a larger --timeout

        """)
    // Nothing is written for the input given up on.
    #expect(try folder.listing().contains("out"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/out").isEmpty)
    if command == "validate" {
      #expect(run.stdout == "checked 0 files: 0 errors, 0 warnings, 0 remarks\n")
    } else {
      #expect(run.stdout == "")
    }
  }

  @Test(arguments: ["validate", "probe", "extract", "transcript"])
  func aLimitLongEnoughChangesNothing(command: String) throws {
    let folder = try TemporaryFolder()
    let media = try Self.film(in: folder)
    try FileManager.default.createDirectory(
      atPath: folder.path + "/out", withIntermediateDirectories: false)
    let arguments = Self.arguments(command, media, folder)
    let limited = ToolRun(arguments + ["--timeout", "120"])
    // The outputs of the run without a limit replace those of the run with one.
    let free = ToolRun(arguments + (command == "extract" ? ["--force"] : []))
    #expect(limited.status == 0)
    #expect(limited.status == free.status)
    #expect(limited.stdout == free.stdout)
    #expect(limited.stderr == free.stderr)
    #expect(!limited.stdout.isEmpty || command == "transcript")
  }

  @Test func givesUpOnWorkPastTheLimitWithoutWaitingForIt() {
    #expect(InputTimeLimit(seconds: 60).run { 42 } == 42)
    let start = Date()
    let stopped = InputTimeLimit(seconds: 0.05).run { () -> Int in
      Thread.sleep(forTimeInterval: 3)
      return 1
    }
    #expect(stopped == nil)
    #expect(Date().timeIntervalSince(start) < 2)
  }

  @Test func validateLimitsEachInputAndChecksThemAll() throws {
    let folder = try TemporaryFolder()
    let media = try Self.film(in: folder)
    let other = try folder.file("other.srt", Self.captions)
    let run = ToolRun(["validate", media, other, "--timeout", "60"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(
      run.stdout.hasSuffix("checked 1 media file and 3 tracks: 0 errors, 2 warnings, 0 remarks\n"))
  }

  /// A named pipe nobody writes to hangs its reader: that input is stopped, the next one is
  /// checked, within its own limit.
  @Test func validateStopsAHangingInputAndChecksTheNext() throws {
    let folder = try TemporaryFolder()
    let stuck = folder.path + "/stuck.mp4"
    #expect(mkfifo(stuck, 0o644) == 0)
    let good = try folder.file("good.vtt", SampleText.webvtt)
    defer { BatchRunnerTests.release(stuck, "") }
    let started = Date()
    let run = ToolRun(["validate", stuck, good, "--timeout", "0.5", "--no-audio"])
    #expect(Date().timeIntervalSince(started) < 10)
    #expect(run.status == 65)
    #expect(
      run.stderr == """
        error: \(stuck): not done after 0.5 s, the time limit (--timeout); stopped
        hint: give it more time with a larger --timeout

        """)
    #expect(run.stdout == "checked 1 file: 0 errors, 0 warnings, 0 remarks\n")
  }

  @Test(
    arguments: [
      ["validate", "a.vtt"], ["probe", "a.mp4"], ["extract", "a.mp4"],
      ["transcript", "a.vtt", "-o", "-", "--to", "txt"],
    ])
  func aLimitThatIsNotANumberOfSecondsIsAUsageError(command: [String]) {
    for value in ["-1", "soon", "", "inf", "nan", "+5"] {
      let run = ToolRun(command + ["--timeout", value])
      #expect(run.status == 64, "--timeout \(value)")
      #expect(
        run.stderr.hasPrefix(
          "error: '--timeout' takes the seconds an input may take (60, 2.5, or 0 for no "
            + "limit), not '\(value)'\nusage: captionkit \(command[0]) "))
    }
  }

  @Test func zeroIsNoLimitAsInBatch() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("a.vtt", "WEBVTT\n\n00:01.000 --> 00:02.000\nHello\n")
    let run = ToolRun(["validate", input, "--timeout", "0"])
    #expect(run.status == 0)
    #expect(run.stdout == "checked 1 file: 0 errors, 0 warnings, 0 remarks\n")
  }
}
