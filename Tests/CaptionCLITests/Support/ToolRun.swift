import CaptionCLI
import Foundation

/// One in-process run of the tool: its exit code and what it wrote.
struct ToolRun {
  var status: Int32
  var stdout: String
  var stderr: String
  var stdoutBytes: [UInt8]

  init(
    _ arguments: [String], stdin: [UInt8] = [], stderrIsTerminal: Bool = false,
    environment: [String: String] = [:]
  ) {
    let out = BufferSink()
    let err = BufferSink()
    status = CaptionKitCommand.run(
      arguments: arguments, stdin: BufferSource(stdin), stdout: out, stderr: err,
      environment: environment, stderrIsTerminal: stderrIsTerminal)
    stdout = out.text
    stderr = err.text
    stdoutBytes = out.bytes
  }

  init(_ arguments: [String], stdin: String) {
    self.init(arguments, stdin: Array(stdin.utf8))
  }
}

/// A fresh folder for one test, removed when the value is released.
final class TemporaryFolder {
  let path: String

  init() throws {
    let base = FileManager.default.temporaryDirectory.path
    path = base + "/captionkit-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Writes `contents` to `name` in the folder and returns its path.
  @discardableResult
  func file(_ name: String, _ contents: String) throws -> String {
    try file(name, bytes: Array(contents.utf8))
  }

  @discardableResult
  func file(_ name: String, bytes: [UInt8]) throws -> String {
    let full = path + "/" + name
    let folder = (full as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: full))
    return full
  }

  func contents(_ name: String) throws -> String {
    try String(contentsOfFile: path + "/" + name, encoding: .utf8)
  }

  func exists(_ name: String) -> Bool {
    FileManager.default.fileExists(atPath: path + "/" + name)
  }

  /// Names of every entry in the folder, hidden ones included, sorted.
  func listing() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }
}

enum SampleText {
  static let webvtt = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n"
  static let srt = "1\n00:00:01,000 --> 00:00:02,000\nHello\n"
}
