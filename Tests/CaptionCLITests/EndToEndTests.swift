import Foundation
import Testing

/// Runs the built `captionkit` binary, found next to the test bundle in the build products.
struct EndToEndTests {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static func binary() throws -> String {
    let candidates = [Bundle.main.executablePath, CommandLine.arguments.first]
      .compactMap { $0 }
      .map {
        URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("captionkit")
          .path
      }
    return try #require(
      candidates.first { FileManager.default.isExecutableFile(atPath: $0) },
      "captionkit binary not found next to \(candidates)")
  }

  /// Runs `executable` with `arguments`, feeding `stdin` (nil: `/dev/null`, for a program
  /// that reads none, so that nothing is written to a pipe it may have closed).
  static func run(
    _ executable: String, _ arguments: [String], stdin: String? = "", in folder: String? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = stdin == nil ? FileHandle.nullDevice : input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    if let stdin {
      input.fileHandleForWriting.write(Data(stdin.utf8))
      try input.fileHandleForWriting.close()
    }
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }

  static func captionkit(_ arguments: [String], stdin: String = "", in folder: String? = nil)
    throws -> Result
  {
    try run(binary(), arguments, stdin: stdin, in: folder)
  }

  @Test func printsTheVersionAndExitsZero() throws {
    let result = try Self.captionkit(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout == "captionkit 0.1.0\n")
    #expect(result.stderr == "")
  }

  @Test func usageErrorsExit64OnStandardError() throws {
    let result = try Self.captionkit(["convert", "in.vtt", "-o", "out.srt", "--too", "vtt"])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(
      result.stderr == """
        error: unknown option '--too'
        hint: did you mean '--to'?
        usage: captionkit convert <input> -o <output> [--to <format>] [--encoding <name>] \
        [--shift <seconds>] [--scc-mode <mode>] [--locale <tag>] [--max-findings <n>] \
        [--fail-on <severity>]

        """)
  }

  @Test func pipesStandardInputToStandardOutput() throws {
    let result = try Self.captionkit(
      ["convert", "-", "-o", "-", "--to", "json"], stdin: "\u{FEFF}WEBVTT\r\n")
    #expect(result.status == 0)
    #expect(result.stdout == ConvertCommandTests.emptyWebVTTTrack)
    #expect(result.stderr == "")
  }

  @Test func exitCodesForMissingAndForeignInputs() throws {
    let folder = try TemporaryFolder()
    try folder.file("notes.txt", "notes\n")
    try folder.file("a.vtt", SampleText.webvtt)
    let missing = try Self.captionkit(["validate", "gone.vtt"], in: folder.path)
    #expect(missing.status == 66)
    #expect(missing.stderr == "error: gone.vtt: no such file\n")
    let foreign = try Self.captionkit(
      ["convert", "notes.txt", "-o", "out.vtt"], in: folder.path)
    #expect(foreign.status == 65)
    #expect(
      foreign.stderr
        == "error: notes.txt: not a caption file: unknown format (no WEBVTT signature, "
        + "no SRT cue)\n"
    )
    let folderRun = try Self.captionkit(["validate", "."], in: folder.path)
    #expect(folderRun.status == 0)
    #expect(folderRun.stdout == "checked 1 file: 0 errors, 0 warnings, 0 remarks\n")
    #expect(try folder.listing() == ["a.vtt", "notes.txt"])
  }

  @Test(
    .disabled(
      if: ProcessInfo.processInfo.environment["CAPTIONKIT_SANITIZER"] == "thread",
      "ThreadSanitizer's runtime dies (SIGBUS) before main in a process whose file size limit is 0"
    ))
  func aFailedWriteLeavesTheOldFileIntact() throws {
    let folder = try TemporaryFolder()
    try folder.file("in.vtt", "WEBVTT\n")
    try folder.file("out.json", "old\n")
    // No file may grow past 0 blocks: writing the temporary file fails (EFBIG).
    let result = try Self.run(
      "/bin/bash",
      ["-c", "ulimit -f 0; exec \"$0\" convert in.vtt -o out.json", try Self.binary()],
      in: folder.path)
    #expect(result.status == 73)
    #expect(result.stderr == "error: cannot write out.json: file too large\n")
    #expect(try folder.contents("out.json") == "old\n")
    #expect(try folder.listing() == ["in.vtt", "out.json"])
  }

  @Test func writesTheOutputWithTheModeOfANewFile() throws {
    let folder = try TemporaryFolder()
    try folder.file("in.vtt", "WEBVTT\n")
    let result = try Self.run(
      "/bin/bash", ["-c", "umask 022; exec \"$0\" convert in.vtt -o out.json", try Self.binary()],
      in: folder.path)
    #expect(result.status == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: folder.path + "/out.json")
    #expect((attributes[.posixPermissions] as? Int) == 0o644)
  }
}
