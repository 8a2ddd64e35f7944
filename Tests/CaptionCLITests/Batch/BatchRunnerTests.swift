import Foundation
import Testing

@testable import CaptionCLI

/// `batch --timeout`: an input that never ends gets an error line naming the limit, the
/// others are still checked, and the stuck input never writes a second line.
struct BatchRunnerTests {
  /// A named pipe nobody writes to: opening it for reading blocks until a writer comes.
  static func pipe(_ path: String) throws {
    #expect(mkfifo(path, 0o644) == 0)
  }

  /// Opens the pipe for writing (which lets the blocked reader go on), writes `text`, and
  /// closes it. A reader given up on may close the pipe as soon as its open returns, so
  /// the write may find no reader: that is an error here, not a signal that ends the tests.
  static func release(_ path: String, _ text: String) {
    signal(SIGPIPE, SIG_IGN)
    let descriptor = open(path, O_WRONLY | O_NONBLOCK)
    guard descriptor >= 0 else { return }
    _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
  }

  @Test func aHangingInputIsStoppedAndTheOthersGoOn() throws {
    let folder = try TemporaryFolder()
    let hanging = folder.path + "/hang.vtt"
    let hangingMedia = folder.path + "/stuck.mp4"
    try Self.pipe(hanging)
    try Self.pipe(hangingMedia)
    let good = try folder.file("good.vtt", SampleText.webvtt)
    let results = folder.path + "/results.jsonl"
    let started = Date()
    // One worker: the hanging inputs come first, so the good one is checked only if the
    // worker is given up on and replaced.
    let run = ToolRun([
      "batch", hanging, hangingMedia, good, "--timeout", "0.5", "--jobs", "1", "--results",
      results, "--no-audio",
    ])
    let elapsed = Date().timeIntervalSince(started)
    defer {
      Self.release(hanging, "")
      Self.release(hangingMedia, "")
    }
    #expect(run.status == 65)
    #expect(elapsed < 10)
    #expect(
      run.stderr
        == "batch: 3 checked: 1 ok, 0 with findings, 2 could not be read "
        + "(2 stopped at the time limit)\n")
    let lines = try String(contentsOfFile: results, encoding: .utf8)
    let found = try BatchCommandTests.byInput(lines)
    #expect(found.count == 3)
    #expect(found[good]?["status"] as? String == "ok")
    for path in [hanging, hangingMedia] {
      let line = try #require(found[path])
      #expect(line["status"] as? String == "error")
      #expect(
        line["reason"] as? String
          == "\(path): not done after 0.5 s, the time limit (--timeout); stopped")
    }
    // The stuck workers now finish; their inputs already have a line and get no other.
    Self.release(hanging, SampleText.webvtt)
    Self.release(hangingMedia, "not media")
    Thread.sleep(forTimeInterval: 1)
    #expect(try String(contentsOfFile: results, encoding: .utf8) == lines)
  }

  @Test func withoutALimitASlowInputIsWaitedFor() throws {
    let folder = try TemporaryFolder()
    let slow = folder.path + "/slow.vtt"
    try Self.pipe(slow)
    // A writer comes after a second; with no limit the line is the file's, not an error.
    let writer = Thread {
      Thread.sleep(forTimeInterval: 1)
      Self.release(slow, SampleText.webvtt)
    }
    writer.start()
    let run = ToolRun(["batch", slow, "--timeout", "0"])
    #expect(run.status == 0)
    let found = try BatchCommandTests.byInput(run.stdout)
    #expect(found[slow]?["status"] as? String == "ok")
  }

  @Test func refusesATimeoutThatIsNotSeconds() {
    for value in ["-1", "x", "+3", "inf"] {
      let run = ToolRun(["batch", ".", "--timeout", value])
      #expect(run.status == 64, "\(value)")
      #expect(
        run.stderr.hasPrefix(
          "error: '--timeout' takes the seconds an input may take (600, 2.5, or 0 for no "
            + "limit), not '\(value)'\n"))
    }
    #expect(BatchCommand.defaultTimeout == 600)
    #expect(ToolRun(["batch", "--help"]).stdout.contains("(default 600;"))
  }
}
