import CaptionKit
import Foundation
import Testing

@testable import CaptionCLI

/// `validate` of one large SRT file with a text report checks the cues as they are read and
/// writes the report as it goes; the report and the exit status are those of a run that reads
/// the file whole first (as one with `--report` does).
struct ValidateStreamingTests {
  /// An SRT file of `count` cues with findings of many rules: long lines, three-line cues,
  /// fast cues, overlaps, gaps, markup left open, and damage the reader reports at `damaged`.
  static func largeSRT(cues count: Int, damaged: Set<Int> = []) -> String {
    var text = ""
    text.reserveCapacity(count * 110)
    var start = 1_000
    for number in 1...count {
      let duration = [1_500, 400, 3_000, 9_000, 1_200][number % 5]
      let gap = number % 37 == 0 ? -500 : [100, 40, 700][number % 3]
      var lines = ["Cue number \(number) says hello"]
      if number % 6 == 0 { lines.append("and a second line that runs well past the limit here") }
      if number % 11 == 0 { lines += ["<i>a third", "and fourth</i>"] }
      if number % 101 == 0 { lines[0] = "<b>left open " + lines[0] }
      let counter = damaged.contains(number) && number % 2 == 0 ? "\(number + 3)" : "\(number)"
      let blank = damaged.contains(number) && number % 2 == 1 ? "" : "\n"
      text += "\(counter)\n\(stamp(start)) --> \(stamp(start + duration))\n"
      text += lines.joined(separator: "\n") + "\n" + blank
      start += duration + gap
    }
    return text
  }

  static func stamp(_ milliseconds: Int) -> String {
    func pad(_ value: Int, _ width: Int) -> String {
      String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
    }
    return "\(pad(milliseconds / 3_600_000, 2)):\(pad(milliseconds / 60_000 % 60, 2)):"
      + "\(pad(milliseconds / 1000 % 60, 2)),\(pad(milliseconds % 1000, 3))"
  }

  /// Runs `validate` on `file` with `options`, and again with `--report` (which reads the file
  /// whole), and expects the same status and the same text, byte for byte.
  private func expectSameAsWhole(
    _ file: String, _ options: [String] = [], in folder: TemporaryFolder,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> ToolRun {
    let streamed = ToolRun(["validate", file] + options)
    let whole = ToolRun(["validate", file, "--report", folder.path + "/r.html"] + options)
    #expect(streamed.status == whole.status, sourceLocation: sourceLocation)
    #expect(streamed.stderr == whole.stderr, sourceLocation: sourceLocation)
    #expect(streamed.stdoutBytes.count == whole.stdoutBytes.count, sourceLocation: sourceLocation)
    #expect(
      streamed.stdoutBytes == whole.stdoutBytes ? true : false, "the reports differ",
      sourceLocation: sourceLocation)
    return streamed
  }

  @Test func aCleanLargeFileGivesTheReportOfTheWholeFile() throws {
    let folder = try TemporaryFolder()
    let file = try folder.file("big.srt", Self.largeSRT(cues: 16_000))
    let run = expectSameAsWhole(file, in: folder)
    #expect(run.status == 0)
    #expect(run.stdout.hasSuffix(" 0 remarks\n"))
    for rule in [
      "readability.cps", "readability.line-length", "readability.line-count", "timing.overlap",
      "timing.min-gap", "readability.unbalanced-tags",
    ] {
      #expect(run.stdout.contains("[\(rule)]"), "\(rule)")
    }
    _ = expectSameAsWhole(file, ["--fail-on", "warning"], in: folder)
    _ = expectSameAsWhole(file, ["--profile", "broadcast"], in: folder)
  }

  @Test func aDamagedLargeFileGivesTheReportOfTheWholeFile() throws {
    let folder = try TemporaryFolder()
    let damaged: Set<Int> = [1, 2, 3_001, 3_002, 9_999, 15_998]
    let file = try folder.file("big.srt", Self.largeSRT(cues: 16_000, damaged: damaged))
    let run = expectSameAsWhole(file, in: folder)
    #expect(run.stdout.contains("[parse.srt]"))
  }

  @Test func aLanguageThatExpectsAScriptIsCheckedAgainstEveryCue() throws {
    let folder = try TemporaryFolder()
    // Latin text declared Korean: the script rule, about the whole track, comes first.
    let file = try folder.file("big.ko.srt", Self.largeSRT(cues: 16_000))
    let run = expectSameAsWhole(file, in: folder)
    #expect(run.status == 1)
    #expect(
      run.stdout.hasPrefix(file + ": error: the track is declared ko, but "),
      "\(run.stdout.prefix(200))")
    _ = expectSameAsWhole(file, ["--locale", "en"], in: folder)
  }

  @Test func writesTheReportToAFileAtOnce() throws {
    let folder = try TemporaryFolder()
    let file = try folder.file("big.srt", Self.largeSRT(cues: 16_000))
    let whole = ToolRun(["validate", file, "--report", folder.path + "/r.html"])
    let run = ToolRun(["validate", file, "-o", folder.path + "/report.txt"])
    #expect(run.status == whole.status)
    #expect(run.stdoutBytes.isEmpty)
    let written = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/report.txt"))
    #expect(Array(written) == whole.stdoutBytes ? true : false)
  }

  @Test func aReportThatCannotBeWrittenFailsOnce() throws {
    let folder = try TemporaryFolder()
    let file = try folder.file("big.srt", Self.largeSRT(cues: 16_000))
    let output = folder.path + "/missing/report.txt"
    let run = ToolRun(["validate", file, "-o", output])
    let whole = ToolRun(["validate", file, "-o", output, "--report", folder.path + "/r.html"])
    #expect(run.status == 73)
    #expect(run.stderr == "error: cannot write \(output): no such file or directory\n")
    #expect(run.stderr == whole.stderr)
    #expect(run.stdout.isEmpty)
  }

  @Test func aFileThatCannotBeReadHasNoFindings() throws {
    let folder = try TemporaryFolder()
    let missing = ToolRun(["validate", folder.path + "/none.srt"])
    #expect(missing.status == 66)
    #expect(missing.stdout == "checked 0 files: 0 errors, 0 warnings, 0 remarks\n")
    #expect(missing.stderr.contains("no such file"))
    // Bytes of every value, a zero among the first: not captions.
    var state: UInt64 = 3
    let bytes = (0..<(2 << 20)).map { index -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return index == 5 ? 0 : UInt8(truncatingIfNeeded: state >> 56)
    }
    let binary = try folder.file("media.srt", bytes: bytes)
    let run = ToolRun(["validate", binary, "-o", folder.path + "/report.txt"])
    #expect(run.status == 65)
    #expect(
      try folder.contents("report.txt") == "checked 0 files: 0 errors, 0 warnings, 0 remarks\n")
    #expect(run.stderr.contains("not a caption file: binary data (a zero byte at offset 5)"))
  }
}
