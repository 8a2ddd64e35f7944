import CaptionBench
import Glibc
import Testing

/// Runs through `measure-run`: the child's status, output, wall time and its own peak memory,
/// not the harness's.
struct ChildProcessTests {
  private static func scratch() throws -> String {
    var template = Array("/tmp/captionkit-child-XXXXXX".utf8CString)
    guard let folder = mkdtemp(&template) else {
      throw Failure("mkdtemp failed: errno \(errno)")
    }
    return String(cString: folder)
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  private func children(_ wrapper: ChildProcess.Wrapper? = nil) throws -> ChildProcess {
    ChildProcess(scratch: try Self.scratch(), wrapper: wrapper)
  }

  @Test func findsTheHelperBuiltNextToTheRunningExecutable() {
    guard case .measureRun(let path) = ChildProcess.defaultWrapper() else {
      Issue.record("measure-run was not found: \(ChildProcess.defaultWrapper())")
      return
    }
    #expect(path.hasSuffix("/measure-run"))
    #expect(access(path, X_OK) == 0)
  }

  @Test func passesTheExitStatusAndTheOutputThrough() throws {
    let outcome = try children().run(["/bin/sh", "-c", "echo out; echo err >&2; exit 3"])
    #expect(outcome.status == 3)
    #expect(outcome.standardOutput == "out\n")
    #expect(outcome.standardError == "err\n")
  }

  @Test func reportsASignalAs128PlusItsNumber() throws {
    let outcome = try children().run(["/bin/sh", "-c", "kill -KILL $$"])
    #expect(outcome.status == 128 + SIGKILL)
  }

  @Test func reportsAProgramThatCannotRunAs127() throws {
    let outcome = try children().run(["/nonexistent/program"])
    #expect(outcome.status == 127)
    #expect(outcome.standardError.contains("cannot run /nonexistent/program"))
  }

  @Test func timesTheChild() throws {
    let outcome = try children().run(["/bin/sleep", "0.2"])
    #expect(outcome.status == 0)
    #expect(outcome.wallMilliseconds >= 200)
    #expect(outcome.wallMilliseconds < 10_000)
  }

  @Test func measuresTheChildsPeakNotTheHarnesss() throws {
    // The harness grows to 96 MiB first: a child spawned from it directly reports that.
    let size = 96 << 20
    let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 4096)
    defer { block.deallocate() }
    memset(block, 1, size)

    let small = try children().run(["/bin/true"])
    #expect(small.status == 0)
    #expect(small.maxRSSKiB < 16 << 10, "peak \(small.maxRSSKiB) KiB")

    let large = try children().run([
      "/bin/dd", "if=/dev/zero", "of=/dev/null", "bs=64M", "count=1", "status=none",
    ])
    #expect(large.status == 0)
    #expect(large.maxRSSKiB >= 64 << 10, "peak \(large.maxRSSKiB) KiB")

    let direct = try children(ChildProcess.Wrapper.none).run(["/bin/true"])
    #expect(direct.maxRSSKiB >= 96 << 10, "peak \(direct.maxRSSKiB) KiB")
  }
}
