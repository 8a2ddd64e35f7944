import Foundation
import Synchronization

/// Small media files made with the `ffmpeg` command in a temporary folder, once per test
/// run, for the tests to read.
enum MediaFixtures {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private static let made = Mutex<[String: String]>([:])

  /// The temporary folder of this test run.
  static let folder: String = {
    let path = NSTemporaryDirectory() + "captionkit-media-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()

  /// A file in the test folder holding `contents`.
  static func file(_ name: String, contents: Data) throws -> String {
    let path = folder + "/" + name
    try contents.write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The file `name` made by `ffmpeg <arguments> <folder>/<name>` (made once per run).
  /// `{folder}` in an argument is replaced by the test folder.
  static func media(_ name: String, _ arguments: [String]) throws -> String {
    try made.withLock { made in
      if let path = made[name] { return path }
      let path = folder + "/" + name
      let expanded = arguments.map { $0.replacingOccurrences(of: "{folder}", with: folder) }
      try run(
        "ffmpeg", ["-y", "-hide_banner", "-loglevel", "error", "-nostdin"] + expanded + [path])
      made[name] = path
      return path
    }
  }

  /// A 3-second MP4 with a small picture and a tone.
  static func basicMP4() throws -> String {
    try media(
      "basic.mp4",
      [
        "-f", "lavfi", "-i", "testsrc2=s=160x90:r=10:d=3", "-f", "lavfi", "-i",
        "sine=d=3:sample_rate=48000", "-c:v", "mpeg4", "-c:a", "aac", "-shortest",
      ])
  }

  /// Runs a program and returns its standard output; throws when it fails.
  @discardableResult
  static func run(_ program: String, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(
        description: "\(program) \(arguments.joined(separator: " ")) failed: "
          + String(decoding: errorData, as: UTF8.self))
    }
    return data
  }
}
