import CaptionRuntime
import Foundation

/// A small Matroska file made once per test run with the `ffmpeg` command: 3 s of picture,
/// a German audio track, English SDH subtitles and two chapters.
enum MediaSample {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private static let made = Locked<String?>(nil)

  /// `movie.mp4` in `folder`: the bundled lighthouse sample's picture and sound, without its
  /// tracks (no sidecar of its own beside it).
  static func bareMovie(in folder: TemporaryFolder) throws -> String {
    let media = folder.path + "/movie.mp4"
    try run(
      "ffmpeg",
      [
        "-y", "-hide_banner", "-loglevel", "error", "-nostdin", "-i",
        ValidateRulesTests.samples + "/lighthouse/lighthouse.mp4", "-map", "0:v", "-map", "0:a",
        "-c", "copy", media,
      ])
    return media
  }

  static func matroska() throws -> String {
    try made.withLock { made in
      if let made { return made }
      // Folders of earlier runs whose process has ended are removed.
      let base = NSTemporaryDirectory()
      let prefix = "captionkit-cli-media-"
      for name in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
      where name.hasPrefix(prefix) {
        if let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH {
          try? FileManager.default.removeItem(atPath: base + name)
        }
      }
      let folder = base + prefix + "\(getpid())"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let srt = "1\n00:00:00,500 --> 00:00:01,500\nHello there.\n\n"
      try Data(srt.utf8).write(to: URL(fileURLWithPath: folder + "/sample.srt"))
      let chapters = """
        ;FFMETADATA1
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
      try Data(chapters.utf8).write(to: URL(fileURLWithPath: folder + "/chapters.txt"))
      let path = folder + "/sample.mkv"
      try run(
        "ffmpeg",
        [
          "-y", "-hide_banner", "-loglevel", "error", "-nostdin", "-f", "lavfi", "-i",
          "testsrc2=s=160x90:r=10:d=3", "-f", "lavfi", "-i", "sine=d=3:sample_rate=48000", "-i",
          folder + "/sample.srt", "-i", folder + "/chapters.txt", "-map", "0", "-map", "1",
          "-map", "2", "-map_chapters", "3", "-c:v", "mpeg4", "-c:a", "aac", "-c:s", "subrip",
          "-metadata:s:a:0", "language=ger", "-metadata:s:a:0", "title=Kommentar",
          "-metadata:s:s:0", "language=eng", "-metadata:s:s:0", "title=English SDH",
          "-disposition:s:0", "default+hearing_impaired", "-t", "3", path,
        ])
      made = path
      return path
    }
  }

  /// Runs a program to the end; throws with its standard error when it fails.
  static func run(_ program: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: String(decoding: errorData, as: UTF8.self))
    }
  }
}
