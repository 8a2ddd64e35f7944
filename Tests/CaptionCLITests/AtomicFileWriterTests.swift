import Foundation
import Testing

@testable import CaptionCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct AtomicFileWriterTests {
  private static func fileType(_ path: String) -> mode_t? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return status.st_mode & S_IFMT
  }

  @Test func replacesARegularFileWhole() throws {
    let folder = try TemporaryFolder()
    let path = try folder.file("out.txt", "old\n")
    try AtomicFileWriter.write(Array("new\n".utf8), to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.txt"])
  }

  @Test func writesIntoANamedPipeInPlace() throws {
    let folder = try TemporaryFolder()
    let pipe = folder.path + "/report.fifo"
    #expect(mkfifo(pipe, 0o600) == 0)
    let text = String(repeating: "a finding\n", count: 20_000)
    // The reading end, as a program reading the pipe would: opening it waits for a writer.
    let received = ReceivedBytes()
    let reader = Thread {
      let descriptor = open(pipe, O_RDONLY)
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while descriptor >= 0 {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        received.bytes += buffer[0..<count]
      }
      if descriptor >= 0 { close(descriptor) }
      received.done.signal()
    }
    reader.start()
    try AtomicFileWriter.write(Array(text.utf8), to: pipe)
    #expect(received.done.wait(timeout: .now() + 10) == .success)
    #expect(received.bytes == Array(text.utf8))
    // Still a pipe, and nothing else left in the folder.
    #expect(Self.fileType(pipe) == S_IFIFO)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.fifo"])
  }

  /// A symbolic link is written through: the file it leads to is replaced (or made, when it
  /// does not exist yet), relative links read from the link's folder, through a chain of
  /// links; the links stay links, and nothing else is left in either folder.
  @Test(arguments: ["existing", "missing", "chain", "absolute"])
  func writesThroughASymbolicLink(kind: String) throws {
    let folder = try TemporaryFolder()
    let other = folder.path + "/other"
    try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
    let file = other + "/real.vtt"
    if kind != "missing" { _ = try folder.file("other/real.vtt", "old\n") }
    let link = folder.path + "/out.vtt"
    switch kind {
    case "chain":
      #expect(symlink("other/real.vtt", folder.path + "/middle.vtt") == 0)
      #expect(symlink("middle.vtt", link) == 0)
    case "absolute": #expect(symlink(file, link) == 0)
    default: #expect(symlink("other/real.vtt", link) == 0)
    }
    try AtomicFileWriter.write(Array("new\n".utf8), to: link)
    #expect(Self.fileType(link) == S_IFLNK)
    #expect(Self.fileType(file) == S_IFREG)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "new\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: other) == ["real.vtt"])
    let expected = kind == "chain" ? ["middle.vtt", "other", "out.vtt"] : ["other", "out.vtt"]
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == expected)
  }

  /// Links that lead back to themselves: refused with the system's reason, nothing written.
  @Test func refusesALoopOfLinks() throws {
    let folder = try TemporaryFolder()
    #expect(symlink("b.vtt", folder.path + "/a.vtt") == 0)
    #expect(symlink("a.vtt", folder.path + "/b.vtt") == 0)
    let error = #expect(throws: CommandFailure.self) {
      try AtomicFileWriter.write(Array("x".utf8), to: folder.path + "/a.vtt")
    }
    #expect(error?.message.contains("symbolic links") == true)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "a.vtt", "b.vtt",
      ])
  }

  @Test func refusesAFolder() throws {
    let folder = try TemporaryFolder()
    #expect(throws: CommandFailure.self) {
      try AtomicFileWriter.write(Array("x".utf8), to: folder.path)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  #if os(Linux)
    @Test func validateToDevNullLeavesTheDevice() throws {
      let folder = try TemporaryFolder()
      let srt = try folder.file(
        "a.srt", "1\n00:00:01,000 --> 00:00:01,200\nfar too many words for so short a time\n")
      let run = ToolRun(["validate", srt, "--fail-on", "warning", "-o", "/dev/null"])
      #expect(run.status == 1)
      #expect(run.stdout.isEmpty)
      #expect(run.stderr.isEmpty)
      #expect(Self.fileType("/dev/null") == S_IFCHR)
    }
  #endif
}

/// What the reading end of the pipe got.
private final class ReceivedBytes: @unchecked Sendable {
  var bytes: [UInt8] = []
  let done = DispatchSemaphore(value: 0)
}
