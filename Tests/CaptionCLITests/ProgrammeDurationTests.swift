import Foundation
import Testing

@testable import CaptionCLI

/// A subtitle track that runs past the picture and the sound makes the container as long as
/// it is (Matroska and MP4 count every track); the checks take the programme's end instead,
/// so that its cues past the end are found.
struct ProgrammeDurationTests {
  /// A 3-second programme whose subtitle track has a cue at 1 s and one at 20 s (an MP4 with
  /// its index first, so that a cut copy can still be opened).
  static func media(_ container: String, in folder: TemporaryFolder) throws -> String {
    let srt =
      "1\n00:00:01,000 --> 00:00:02,000\nHello.\n\n2\n00:00:20,000 --> 00:00:21,000\nLate.\n"
    try Data(srt.utf8).write(to: URL(fileURLWithPath: folder.path + "/long.srt"))
    let path = folder.path + "/programme." + container
    try MediaSample.run(
      "ffmpeg",
      [
        "-y", "-hide_banner", "-loglevel", "error", "-nostdin", "-f", "lavfi", "-i",
        "testsrc2=s=160x90:r=10:d=3", "-f", "lavfi", "-i", "sine=d=3:sample_rate=48000", "-i",
        folder.path + "/long.srt", "-map", "0", "-map", "1", "-map", "2", "-c:v", "mpeg4",
        "-c:a", "aac", "-c:s", container == "mkv" ? "subrip" : "mov_text",
        "-metadata:s:s:0", "language=eng",
      ] + (container == "mp4" ? ["-movflags", "+faststart"] : []) + [path])
    return path
  }

  /// `media(container, in:)` cut to two thirds of its bytes (`cut.<container>`): damaged
  /// media whose first cue can still be read.
  static func cutMedia(_ container: String, in folder: TemporaryFolder) throws -> String {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: try media(container, in: folder)))
    return try folder.file("cut." + container, bytes: Array(bytes.prefix(bytes.count * 2 / 3)))
  }

  @Test(arguments: ["mkv", "mp4"])
  func cuesPastThePictureAndSoundAreBeyondTheMedia(_ container: String) throws {
    let folder = try TemporaryFolder()
    let path = try Self.media(container, in: folder)
    let run = ToolRun(["validate", path, "--no-audio"])
    #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("error: stream 2: cue 2 starts at 00:00:20.0"))
    #expect(run.stdout.contains(", after the media ends at 00:00:03.0"))

    let probe = ToolRun(["probe", path])
    let first = probe.stdout.split(separator: "\n").first ?? ""
    #expect(first.contains("duration 00:00:21.0"), "\(first)")
    #expect(first.contains(" (picture and sound 00:00:03."), "\(first)")
    let json = ToolRun(["probe", path, "--format", "json"])
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let duration = try #require(root["duration"] as? Double)
    #expect(duration >= 21 && duration < 21.1)
    let programme = try #require(root["programmeDuration"] as? Double)
    #expect(programme >= 3 && programme < 3.1)
  }
}
