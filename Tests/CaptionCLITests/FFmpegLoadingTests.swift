import Foundation
import Testing

/// FFmpeg is loaded when a media file is first opened, never at start-up: caption commands
/// do not pay for it and work on a machine without it.
struct FFmpegLoadingTests {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs the built binary with extra environment variables.
  static func captionkit(_ arguments: [String], environment: [String: String]) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try EndToEndTests.binary())
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes at once: the loader's trace can fill one while the other is drained.
    let group = DispatchGroup()
    nonisolated(unsafe) var errorData = Data()
    DispatchQueue.global().async(group: group) {
      errorData = errors.fileHandleForReading.readDataToEndOfFile()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
      stderr: String(decoding: errorData, as: UTF8.self))
  }

  static func captionFile(in folder: TemporaryFolder) throws -> String {
    try folder.file("in.srt", "1\n00:00:01,000 --> 00:00:02,000\nHello\n")
  }

  @Test func convertNeverLoadsFFmpeg() throws {
    let folder = try TemporaryFolder()
    let input = try Self.captionFile(in: folder)
    let run = try Self.captionkit(
      ["convert", input, "-o", folder.path + "/out.vtt"], environment: ["LD_DEBUG": "libs"])
    #expect(run.status == 0)
    // The loader's trace names every library it maps; the C library shows it traced.
    #expect(run.stderr.contains("libc.so.6"))
    #expect(!run.stderr.contains("libavformat"))
    #expect(!run.stderr.contains("libavcodec"))
    #expect(!run.stderr.contains("libavutil"))
    #expect(try folder.contents("out.vtt") == "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nHello\n")
  }

  @Test func probeLoadsFFmpegWhenItOpensMedia() throws {
    let run = try Self.captionkit(
      ["probe", try MediaSample.matroska()], environment: ["LD_DEBUG": "libs"])
    #expect(run.status == 0)
    #expect(run.stderr.contains("libavformat.so.59"))
    #expect(run.stdout.contains("stream 2: subtitle, subrip (text), en"))
  }

  @Test func withoutFFmpegProbeExits69AndConvertStillWorks() throws {
    let folder = try TemporaryFolder()
    let missing = ["CAPTIONKIT_FFMPEG_LIBRARY_PATH": folder.path + "/no-ffmpeg"]
    let probe = try Self.captionkit(["probe", try MediaSample.matroska()], environment: missing)
    #expect(probe.status == 69)
    #expect(probe.stdout == "")
    let lines = probe.stderr.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(
      lines.first?.hasPrefix(
        "error: FFmpeg is not available: cannot load libavutil.so.57 (\(folder.path)/no-ffmpeg/"
          + "libavutil.so.57: cannot open shared object file") == true)
    #expect(lines.last?.hasPrefix("hint: install FFmpeg's libraries") == true)

    let input = try Self.captionFile(in: folder)
    let convert = try Self.captionkit(
      ["convert", input, "-o", folder.path + "/out.vtt"], environment: missing)
    #expect(convert.status == 0)
    #expect(convert.stderr == "")
  }

  @Test func validateLoadsFFmpegOnlyForMediaAndExits69WithoutIt() throws {
    let folder = try TemporaryFolder()
    let input = try Self.captionFile(in: folder)
    let captions = try Self.captionkit(["validate", input], environment: ["LD_DEBUG": "libs"])
    #expect(captions.status == 0)
    #expect(captions.stderr.contains("libc.so.6"))
    #expect(!captions.stderr.contains("libavformat"))
    let missing = ["CAPTIONKIT_FFMPEG_LIBRARY_PATH": folder.path + "/no-ffmpeg"]
    let media = ValidateRulesTests.samples + "/flawed/bare.mp4"
    let run = try Self.captionkit(["validate", media], environment: missing)
    #expect(run.status == 69)
    #expect(run.stderr.hasPrefix("error: FFmpeg is not available: cannot load libavutil.so.57"))
  }

  @Test func ffmpegsOwnLogNeverReachesTheTerminal() throws {
    // A damaged Matroska file makes FFmpeg log errors; only our one line may appear.
    let folder = try TemporaryFolder()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: try MediaSample.matroska()))
    let path = try folder.file("cut.mkv", bytes: Array(bytes.prefix(300)))
    let run = try Self.captionkit(["probe", path], environment: [:])
    #expect(run.status == 65)
    #expect(run.stderr.split(separator: "\n").count == 1)
    #expect(run.stderr.hasPrefix("error: cannot open '\(path)': "))
  }
}
