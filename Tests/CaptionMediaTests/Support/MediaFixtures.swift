import CaptionRuntime
import Foundation

/// Small media files made with the `ffmpeg` command in a temporary folder, once per test
/// run, for the tests to read.
enum MediaFixtures {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private static let made = Locked<[String: String]>([:])

  /// The temporary folder of this test run; folders of earlier runs whose process has ended
  /// are removed.
  static let folder: String = {
    let base = NSTemporaryDirectory()
    let prefix = "captionkit-media-"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
    for name in names where name.hasPrefix(prefix) {
      if let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH {
        try? FileManager.default.removeItem(atPath: base + name)
      }
    }
    let path = base + prefix + "\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()

  /// A file in the test folder holding `contents`.
  static func file(_ name: String, contents: Data) throws -> String {
    let path = folder + "/" + name
    try contents.write(to: URL(fileURLWithPath: path), options: .atomic)
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

  /// The subtitles and chapters the samples carry, written once into the test folder.
  static func writeSources() throws {
    let srt = """
      1
      00:00:00,500 --> 00:00:01,500
      Hello there.

      2
      00:00:02,000 --> 00:00:02,800
      <i>Music playing</i>

      """
    _ = try file("sample.srt", contents: Data(srt.utf8))
    let chapters = """
      ;FFMETADATA1
      title=Sample film
      [CHAPTER]
      TIMEBASE=1/1000
      START=0
      END=1500
      title=Opening
      [CHAPTER]
      TIMEBASE=1/1000
      START=1500
      END=3000
      title=Ending

      """
    _ = try file("chapters.txt", contents: Data(chapters.utf8))
  }

  /// A 3-second sample of each container the tests compare with ffprobe: `mp4`, `mov`,
  /// `mkv`, `webm` and `ts`, with languages (ISO 639-2, including bibliographic codes),
  /// titles, dispositions and chapters where the container can hold them.
  static func sample(_ container: String) throws -> String {
    try writeSources()
    let picture = ["-f", "lavfi", "-i", "testsrc2=s=160x90:r=10:d=3"]
    let tone = ["-f", "lavfi", "-i", "sine=d=3:sample_rate=48000"]
    let subtitles = ["-i", "{folder}/sample.srt"]
    let chapters = ["-i", "{folder}/chapters.txt"]
    switch container {
    case "mp4", "mov":
      return try media(
        "sample.\(container)",
        picture + tone + subtitles + subtitles + chapters + [
          "-map", "0", "-map", "1", "-map", "2", "-map", "3", "-map_metadata", "4",
          "-map_chapters", "4", "-c:v", "mpeg4", "-c:a", "aac", "-c:s", "mov_text",
          "-metadata:s:a:0", "language=fre", "-metadata:s:a:0", "handler_name=Commentaire",
          "-metadata:s:s:0", "language=eng", "-disposition:s:0", "default+hearing_impaired",
          "-metadata:s:s:1", "language=ger", "-metadata:s:s:1", "handler_name=Deutsch",
          "-disposition:s:1", "forced", "-t", "3",
        ])
    case "mkv":
      return try media(
        "sample.mkv",
        picture + tone + subtitles + subtitles + chapters + [
          "-map", "0", "-map", "1", "-map", "2", "-map", "3", "-map_metadata", "4",
          "-map_chapters", "4", "-c:v", "mpeg4", "-c:a", "aac", "-c:s:0", "subrip",
          "-c:s:1", "ass", "-metadata:s:a:0", "language=ger", "-metadata:s:a:0",
          "title=Kommentar", "-metadata:s:s:0", "language=eng", "-metadata:s:s:0",
          "title=English SDH", "-disposition:s:0", "default+hearing_impaired",
          "-metadata:s:s:1", "language=chi", "-disposition:s:1", "forced", "-t", "3",
        ])
    case "webm":
      return try media(
        "sample.webm",
        picture + tone + subtitles + chapters + [
          "-map", "0", "-map", "1", "-map", "2", "-map_metadata", "3", "-map_chapters", "3",
          "-c:v", "libvpx", "-b:v", "100k", "-c:a", "libopus", "-c:s", "webvtt",
          "-metadata:s:a:0", "language=spa", "-metadata:s:s:0", "language=por",
          "-metadata:s:s:0", "title=Descrição", "-disposition:s:0", "descriptions", "-t", "3",
        ])
    default:
      return try media(
        "sample.ts",
        picture + tone + [
          "-map", "0", "-map", "1", "-c:v", "mpeg2video", "-c:a", "mp2",
          "-metadata:s:a:0", "language=kor", "-t", "3",
        ])
    }
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
