import Foundation
import Testing

/// A fresh folder where a test writes subtitle files and makes media from them with the
/// `ffmpeg` command; removed when released.
final class SubtitleMediaFolder {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory.path + "/captionkit-subtitles-"
      + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Writes `contents` to `name` in the folder and returns its path.
  @discardableResult
  func write(_ name: String, _ contents: String) throws -> String {
    let file = path + "/" + name
    try Data(contents.utf8).write(to: URL(fileURLWithPath: file))
    return file
  }

  func write(_ name: String, bytes: [UInt8]) throws -> String {
    let file = path + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    return file
  }

  func contents(_ name: String) throws -> String {
    try String(contentsOfFile: path + "/" + name, encoding: .utf8)
  }

  func listing() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  /// One subtitle input of `makeMedia`: a file in the folder, the codec to store it with,
  /// and the stream's metadata and dispositions.
  struct Subtitle {
    var file: String
    var codec: String
    var language: String? = nil
    var title: String? = nil
    var disposition: String? = nil
    /// Extra input options (`-f sup` to read a PGS file).
    var inputOptions: [String] = []
  }

  /// Makes `name`: 5 seconds of a 160x90 test picture at 10 fps and, unless `audio` is
  /// nil, a tone; then the subtitle streams, with `extraOutputOptions` before the output
  /// name. The video has no B-frames and the default audio codecs no priming delay (or an
  /// edit list that hides it), so no stream is shifted and cue times stay as written.
  @discardableResult
  func makeMedia(
    _ name: String, subtitles: [Subtitle], video: [String]? = nil, audio: [String]? = nil,
    extraOutputOptions: [String] = []
  ) throws -> String {
    let video =
      video
      ?? (name.hasSuffix(".webm")
        ? ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8"]
        : name.hasSuffix(".ts") ? ["-c:v", "mpeg2video"] : ["-c:v", "libx264", "-bf", "0"])
    let audio =
      audio
      ?? (name.hasSuffix(".webm")
        ? []
        : name.hasSuffix(".mkv")
          ? ["-c:a", "flac"] : name.hasSuffix(".ts") ? ["-c:a", "mp2"] : ["-c:a", "aac"])
    var arguments = [
      "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=160x90:r=10:d=5",
    ]
    if !audio.isEmpty { arguments += ["-f", "lavfi", "-i", "sine=d=5"] }
    for subtitle in subtitles {
      arguments += subtitle.inputOptions + ["-i", path + "/" + subtitle.file]
    }
    arguments += ["-map", "0:v"]
    if !audio.isEmpty { arguments += ["-map", "1:a"] }
    let first = audio.isEmpty ? 1 : 2
    for index in subtitles.indices { arguments += ["-map", "\(index + first)"] }
    arguments += video + audio
    for (index, subtitle) in subtitles.enumerated() {
      arguments += ["-c:s:\(index)", subtitle.codec]
      if let language = subtitle.language {
        arguments += ["-metadata:s:s:\(index)", "language=\(language)"]
      }
      if let title = subtitle.title { arguments += ["-metadata:s:s:\(index)", "title=\(title)"] }
      arguments += ["-disposition:s:\(index)", subtitle.disposition ?? "0"]
    }
    let output = path + "/" + name
    arguments += extraOutputOptions + [output]
    try Self.run("ffmpeg", arguments)
    return output
  }

  /// Runs a tool found on `PATH`; throws with its standard error when it fails.
  static func run(_ tool: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ToolFailure(
        tool: tool, status: process.terminationStatus,
        message: String(decoding: message, as: UTF8.self))
    }
  }

  struct ToolFailure: Error, CustomStringConvertible {
    var tool: String
    var status: Int32
    var message: String

    var description: String { "\(tool) exited with \(status): \(message)" }
  }
}
