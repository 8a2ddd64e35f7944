import Foundation
import Testing

@testable import CaptionCLI

/// Progress of `batch` on standard error: JSON objects with `--progress json`, a line redrawn
/// in place on a terminal, nothing otherwise.
struct BatchProgressTests {
  @Test func jsonProgressHasOneObjectPerInputThenAFinalOne() throws {
    let folder = try BatchCommandTests.library()
    let inputs = [
      folder.path + "/good.vtt", folder.path + "/sub/bad.srt",
      folder.path + "/sub/deeper/broken.vtt",
    ]
    let run = ToolRun(["batch"] + inputs + ["--progress", "json", "--jobs", "1"])
    #expect(run.status == 65)
    let lines = try BatchCommandTests.objects(run.stdout)
    let progress = try BatchCommandTests.objects(run.stderr)
    #expect(progress.count == 4)
    // One object per line written, in the same order, counting as they go.
    var failed = 0
    var findings = 0
    for (index, (object, line)) in zip(progress, lines).enumerated() {
      #expect(
        Set(object.keys)
          == ["done", "total", "failed", "findings", "rate", "eta", "input", "status"])
      #expect(object["done"] as? Int == index + 1)
      #expect(object["total"] as? Int == 3)
      #expect(object["input"] as? String == line["input"] as? String)
      #expect(object["status"] as? String == line["status"] as? String)
      if line["status"] as? String == "error" { failed += 1 }
      if line["status"] as? String == "findings" { findings += 1 }
      #expect(object["failed"] as? Int == failed)
      #expect(object["findings"] as? Int == findings)
      #expect((object["rate"] as? Double ?? -1) >= 0)
    }
    #expect(progress.prefix(3).map { $0["input"] as? String } == inputs)
    #expect((progress[2]["eta"] as? Double) == 0)
    let last = try #require(progress.last)
    #expect(Set(last.keys) == ["done", "total", "failed", "findings", "rate", "elapsed", "final"])
    #expect(last["done"] as? Int == 3)
    #expect(last["failed"] as? Int == 1)
    #expect(last["findings"] as? Int == 1)
    #expect(last["final"] as? Bool == true)
    // Every line on standard error is JSON: the final object stands for the summary.
    #expect(run.stderr.split(separator: "\n").count == 4)
  }

  @Test func notATerminalShowsOnlyTheSummaryAndQuietNotEvenThat() throws {
    let folder = try BatchCommandTests.library()
    let plain = ToolRun(["batch", folder.path + "/good.vtt"])
    #expect(plain.stderr == "batch: 1 checked: 1 ok, 0 with findings, 0 could not be read\n")
    let quiet = ToolRun(["batch", folder.path + "/good.vtt", "--quiet"])
    #expect(quiet.status == 0)
    #expect(quiet.stderr == "")
    #expect(quiet.stdout == plain.stdout)
    #expect(ToolRun(["batch", ".", "--progress", "bar"]).status == 64)
  }

  @Test func theLineIsDrawnInPlaceOnATerminal() throws {
    let folder = try BatchCommandTests.library()
    let terminal = ToolRun(
      ["batch", folder.path + "/good.vtt", folder.path + "/sub/deeper/broken.vtt", "--jobs", "1"],
      stderrIsTerminal: true)
    #expect(terminal.stderr.hasPrefix("\r\u{1B}[K"))
    #expect(terminal.stderr.contains("\r\u{1B}[K2/2, \u{1B}[31m1 failed\u{1B}[0m, "))
    #expect(
      terminal.stderr.hasSuffix(
        "\r\u{1B}[Kbatch: 2 checked: 1 ok, 0 with findings, 1 could not be read\n"))
    let noColor = ToolRun(
      ["batch", folder.path + "/good.vtt", folder.path + "/sub/deeper/broken.vtt", "--jobs", "1"],
      stderrIsTerminal: true, environment: ["NO_COLOR": "1"])
    #expect(noColor.stderr.contains("\r\u{1B}[K2/2, 1 failed, "))
    #expect(!noColor.stderr.contains("\u{1B}[31m"))
    let quiet = ToolRun(["batch", folder.path + "/good.vtt", "-q"], stderrIsTerminal: true)
    #expect(quiet.stderr == "")
  }

  /// The real binary under a pseudo-terminal made by `script` (util-linux).
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func theBinaryDrawsTheLineOnlyOnATerminal() throws {
    let folder = try BatchCommandTests.library()
    let binary = try EndToEndTests.binary()
    let results = folder.path + "/results.jsonl"
    let command = [binary, "batch", folder.path + "/many", "--results", results, "--jobs", "1"]
      .map { "'" + $0 + "'" }.joined(separator: " ")
    let onTerminal = try EndToEndTests.run("/usr/bin/script", ["-qec", command, "/dev/null"])
    #expect(onTerminal.status == 0)
    // The terminal turns each line break into \r\n.
    #expect(onTerminal.stdout.contains("\r\u{1B}[K6/6, "))
    #expect(onTerminal.stdout.contains("/s  "))
    #expect(
      onTerminal.stdout.hasSuffix(
        "\r\u{1B}[Kbatch: 6 checked: 6 ok, 0 with findings, 0 could not be read\r\n"))
    let piped = try EndToEndTests.captionkit([
      "batch", folder.path + "/many", "--results", results, "--jobs", "1",
    ])
    #expect(piped.stderr == "batch: 6 checked: 6 ok, 0 with findings, 0 could not be read\n")
  }

  @Test func formatsTheLine() {
    #expect(
      BatchProgress.line(
        done: 12, total: 40, failed: 0, elapsed: 4, input: "lib/movie.mp4", color: true)
        == "\r\u{1B}[K12/40, 3/s, 0:10 left  lib/movie.mp4")
    #expect(
      BatchProgress.line(done: 3, total: 7, failed: 2, elapsed: 2, input: nil, color: false)
        == "\r\u{1B}[K3/7, 2 failed, 1.5/s, 0:03 left")
    #expect(
      BatchProgress.line(done: 0, total: 7, failed: 0, elapsed: 0, input: "a.vtt", color: false)
        == "\r\u{1B}[K0/7, 0/s, -:-- left  a.vtt")
    #expect(
      BatchProgress.line(
        done: 1, total: 5000, failed: 0, elapsed: 1, input: String(repeating: "x", count: 80),
        color: false)
        == "\r\u{1B}[K1/5000, 1/s, 1:23:19 left  …" + String(repeating: "x", count: 59))
    #expect(BatchProgress.decimal(1.0 / 3, places: 3) == "0.333")
    #expect(BatchProgress.decimal(2.5, places: 3) == "2.5")
    #expect(BatchProgress.decimal(7, places: 1) == "7")
    #expect(BatchProgress.clock(59.2) == "1:00")
    #expect(BatchProgress.clock(3600) == "1:00:00")
  }
}
