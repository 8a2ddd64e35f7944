import Foundation
import Testing

@testable import CaptionCLI

/// `batch`: one JSON line per input, the validate report plus the input's fields, statuses,
/// exit codes, resume and shards.
struct BatchCommandTests {
  /// A folder with a clean WebVTT file, an SRT file with a cue ending before its start, and a
  /// file that is not captions.
  static func library() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.file("good.vtt", SampleText.webvtt)
    try folder.file("sub/bad.srt", "1\n00:00:02,000 --> 00:00:01,000\nBad\n")
    try folder.file("sub/deeper/broken.vtt", bytes: [0, 1, 2, 0xFF])
    for index in 0..<6 {
      try folder.file("many/clip\(index).vtt", SampleText.webvtt)
    }
    return folder
  }

  static func objects(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
      try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
  }

  static func byInput(_ text: String) throws -> [String: [String: Any]] {
    var result: [String: [String: Any]] = [:]
    for object in try objects(text) {
      result[try #require(object["input"] as? String)] = object
    }
    return result
  }

  @Test func writesOneLinePerInputWithItsStatus() throws {
    let folder = try Self.library()
    let run = ToolRun(["batch", folder.path, "--jobs", "3"])
    #expect(run.status == 65)
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 9)
    let found = try Self.byInput(run.stdout)
    #expect(found.count == 9)
    #expect(found[folder.path + "/good.vtt"]?["status"] as? String == "ok")
    let bad = try #require(found[folder.path + "/sub/bad.srt"])
    #expect(bad["status"] as? String == "findings")
    let diagnostics = try #require(bad["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.map { $0["rule"] as? String } == ["timing.zero-duration"])
    let broken = try #require(found[folder.path + "/sub/deeper/broken.vtt"])
    #expect(broken["status"] as? String == "error")
    #expect(
      broken["reason"] as? String
        == "\(folder.path)/sub/deeper/broken.vtt: not a caption file: binary data "
        + "(a zero byte at offset 0)")
    #expect(broken["size"] as? Int == 4)
    #expect(broken["tracks"] == nil)
    #expect(
      run.stderr == "batch: 9 checked: 7 ok, 1 with findings, 1 could not be read\n")
  }

  @Test func eachLineIsTheValidateReportWithTheInputFields() throws {
    let folder = try Self.library()
    let run = ToolRun(["batch", folder.path + "/sub/bad.srt", folder.path + "/good.vtt"])
    #expect(run.status == 1)
    for (input, object) in try Self.byInput(run.stdout) {
      let validate = ToolRun(["validate", input, "--format", "json"])
      let expected = try #require(
        try JSONSerialization.jsonObject(with: Data(validate.stdoutBytes)) as? NSDictionary)
      var rest = object
      for key in ["input", "status", "size", "mtime", "settings"] {
        #expect(rest.removeValue(forKey: key) != nil)
      }
      #expect(NSDictionary(dictionary: rest) == expected)
      let attributes = try FileManager.default.attributesOfItem(atPath: input)
      #expect(object["size"] as? Int == (attributes[.size] as? NSNumber)?.intValue)
      let modified = try #require(attributes[.modificationDate] as? Date)
      let mtime = try #require(object["mtime"] as? Double)
      #expect(abs(mtime - modified.timeIntervalSince1970) < 0.001)
    }
  }

  @Test func exitsZeroWhenNothingReachesFailOn() throws {
    let folder = try Self.library()
    let good = ToolRun(["batch", folder.path + "/good.vtt", folder.path + "/many"])
    #expect(good.status == 0)
    #expect(good.stdout.split(separator: "\n").count == 7)
    let never = ToolRun(["batch", folder.path + "/sub/bad.srt", "--fail-on", "never"])
    #expect(never.status == 0)
    #expect(try Self.objects(never.stdout).map { $0["status"] as? String } == ["ok"])
  }

  @Test func aMissingPathIsAnErrorLineAndTheOthersStillRun() throws {
    let folder = try Self.library()
    let run = ToolRun(["batch", folder.path + "/missing.vtt", folder.path + "/good.vtt"])
    #expect(run.status == 65)
    let found = try Self.byInput(run.stdout)
    #expect(found[folder.path + "/good.vtt"]?["status"] as? String == "ok")
    let missing = try #require(found[folder.path + "/missing.vtt"])
    #expect(missing["status"] as? String == "error")
    #expect(missing["size"] is NSNull)
  }

  @Test func aFolderWithNothingToCheckIsAnErrorLine() throws {
    let folder = try Self.library()
    try folder.file("empty/notes.txt", "nothing here\n")
    let run = ToolRun(["batch", folder.path + "/empty", folder.path + "/good.vtt"])
    #expect(run.status == 65)
    let found = try Self.byInput(run.stdout)
    #expect(found[folder.path + "/good.vtt"]?["status"] as? String == "ok")
    #expect(
      found[folder.path + "/empty"]?["reason"] as? String
        == "\(folder.path)/empty: no media or caption files in the folder")
  }

  @Test func manyWorkersWriteTheSameLinesAsOne() throws {
    let folder = try Self.library()
    for index in 0..<40 {
      try folder.file("more/part\(index).srt", SampleText.srt)
    }
    let one = ToolRun(["batch", folder.path, "--jobs", "1"])
    let four = ToolRun(["batch", folder.path, "--jobs", "4"])
    #expect(one.status == 65)
    #expect(four.status == one.status)
    let lines = one.stdout.split(separator: "\n")
    #expect(lines.count == 49)
    #expect(four.stdout.split(separator: "\n").sorted() == lines.sorted())
    #expect(four.stderr == one.stderr)
  }

  @Test func resumeCompletesACutShortResultsFileWithoutDuplicates() throws {
    let folder = try Self.library()
    let results = folder.path + "/../" + UUID().uuidString + ".jsonl"
    defer { try? FileManager.default.removeItem(atPath: results) }
    let full = ToolRun(["batch", folder.path, "--results", results, "--jobs", "2"])
    #expect(full.status == 65)
    #expect(full.stdout == "")
    let complete = try String(contentsOfFile: results, encoding: .utf8)
    let lines = complete.split(separator: "\n")
    #expect(lines.count == 9)
    // As if killed: three whole lines, then half of the fourth.
    let partial = lines[0..<3].joined(separator: "\n") + "\n" + lines[3].prefix(20)
    try Data(partial.utf8).write(to: URL(fileURLWithPath: results))
    let resumed = ToolRun(["batch", folder.path, "--results", results, "--resume"])
    let remaining = lines[3...]
    let expectedStatus: Int32 =
      remaining.contains { $0.contains("\"status\":\"error\"") }
      ? 65 : remaining.contains { $0.contains("\"status\":\"findings\"") } ? 1 : 0
    #expect(resumed.status == expectedStatus)
    #expect(resumed.stderr.hasSuffix("; 3 already in the results\n"))
    let after = try String(contentsOfFile: results, encoding: .utf8)
    #expect(after.hasSuffix("\n"))
    #expect(Set(after.split(separator: "\n")) == Set(lines))
    #expect(after.split(separator: "\n").count == 9)
    // Once more: everything is there, nothing is added.
    let again = ToolRun(["batch", folder.path, "--results", results, "--resume"])
    #expect(again.status == 0)
    #expect(try String(contentsOfFile: results, encoding: .utf8) == after)
    // A changed file is checked again.
    try folder.file("good.vtt", SampleText.webvtt + "\n00:00:03.000 --> 00:00:04.000\nMore\n")
    let changed = ToolRun(["batch", folder.path, "--results", results, "--resume"])
    #expect(changed.status == 0)
    let last = try String(contentsOfFile: results, encoding: .utf8).split(separator: "\n")
    #expect(last.count == 10)
    #expect(last.last?.contains("good.vtt") == true)
  }

  @Test func retryErrorsChecksAgainTheInputsThatFailedAndKeepsOneLineEach() throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.webm(in: folder)
    _ = try folder.file("movie.en.vtt", SampleText.webvtt)
    let results = folder.path + "/../" + UUID().uuidString + ".jsonl"
    defer { try? FileManager.default.removeItem(atPath: results) }
    // The media's bytes are not media yet: the input fails with an error line. Then the real
    // bytes come back with the same size and modification time, as after a transient failure
    // (a network share that was away), so the input looks unchanged to --resume.
    let real = try Data(contentsOf: URL(fileURLWithPath: media))
    try Data(repeating: 0x55, count: real.count).write(to: URL(fileURLWithPath: media))
    var garbled = stat()
    #expect(stat(media, &garbled) == 0)
    let first = ToolRun(["batch", media, "--results", results, "--no-audio"])
    #expect(first.status == 65)
    try real.write(to: URL(fileURLWithPath: media))
    var times = [garbled.st_atim, garbled.st_mtim]
    #expect(utimensat(AT_FDCWD, media, &times, 0) == 0)
    let failed = try String(contentsOfFile: results, encoding: .utf8)
    #expect(failed.split(separator: "\n").count == 1)
    #expect(failed.contains("\"status\":\"error\""))
    // Resuming alone keeps the error: the input is unchanged.
    let resumed = ToolRun(["batch", media, "--results", results, "--resume", "--no-audio"])
    #expect(resumed.status == 0)
    #expect(try String(contentsOfFile: results, encoding: .utf8) == failed)
    // Retrying checks it again and replaces its line.
    let retried = ToolRun([
      "batch", media, "--results", results, "--resume", "--retry-errors", "--no-audio",
    ])
    #expect(retried.status == 0 || retried.status == 1, "\(retried.stderr)")
    let after = try String(contentsOfFile: results, encoding: .utf8).split(separator: "\n")
    #expect(after.count == 1)
    #expect(!after[0].contains("\"status\":\"error\""))
    #expect(after[0].hasPrefix("{\"input\":\"\(media)\""))
    // Without --resume it is a usage error.
    let alone = ToolRun(["batch", media, "--retry-errors"])
    #expect(alone.status == 64)
    #expect(alone.stderr.hasPrefix("error: '--retry-errors' needs '--resume'"))
  }

  @Test func resumeChecksAgainWhatWasCheckedWithOtherSettings() throws {
    let folder = try TemporaryFolder()
    try folder.file("a.vtt", SampleText.webvtt)
    try folder.file("b.srt", SampleText.srt)
    let results = folder.path + "/results.jsonl"
    let base = ["batch", folder.path, "--results", results]
    func settings() throws -> [String] {
      try String(contentsOfFile: results, encoding: .utf8).split(separator: "\n").map { line in
        let object = try #require(
          try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return try #require(object["settings"] as? String)
      }
    }
    _ = ToolRun(base)
    let first = try settings()
    #expect(first.count == 2 && Set(first).count == 1 && first[0].count == 16)
    // Options that only change how the run goes do not count.
    let same = ToolRun(base + ["--resume", "--jobs", "1", "--timeout", "30"])
    #expect(
      same.stderr.hasSuffix(
        "batch: 0 checked: 0 ok, 0 with findings, 0 could not be read; 2 already in the results\n"))
    // Another profile checks both again; their new lines say so.
    let broadcast = ToolRun(base + ["--resume", "--profile", "broadcast"])
    #expect(broadcast.stderr.hasPrefix("batch: 2 checked: "))
    let second = try settings()
    #expect(second.count == 4 && second[2] == second[3] && second[2] != first[0])
    let again = ToolRun(base + ["--resume", "--profile", "broadcast"])
    #expect(again.stderr.hasSuffix("; 2 already in the results\n"))
    // So does a configuration file found for them, and a change to it.
    try folder.file("captionkit.json", #"{"rules":{"timing.max-duration":"off"}}"#)
    let configured = ToolRun(base + ["--resume", "--profile", "broadcast"])
    #expect(configured.stderr.hasPrefix("batch: 2 checked: "))
    try folder.file("captionkit.json", #"{"rules":{"timing.max-duration":"error"}}"#)
    let changed = ToolRun(base + ["--resume", "--profile", "broadcast"])
    #expect(changed.stderr.hasPrefix("batch: 2 checked: "))
    #expect(Set(try settings()).count == 4)
  }

  @Test func resumeDoesNotRepeatMissingInputsOrEmptyFolders() throws {
    let folder = try Self.library()
    try folder.file("empty/notes.txt", "nothing here\n")
    let results = folder.path + "/results.jsonl"
    let arguments = [
      "batch", folder.path + "/missing.vtt", folder.path + "/empty", folder.path + "/good.vtt",
      "--results", results,
    ]
    let first = ToolRun(arguments)
    #expect(first.status == 65)
    let lines = try String(contentsOfFile: results, encoding: .utf8)
    #expect(lines.split(separator: "\n").count == 3)
    let again = ToolRun(arguments + ["--resume"])
    #expect(again.status == 0)
    #expect(again.stderr.hasSuffix("; 3 already in the results\n"))
    #expect(try String(contentsOfFile: results, encoding: .utf8) == lines)
    // Once the missing file exists it is checked.
    try folder.file("missing.vtt", SampleText.webvtt)
    let found = ToolRun(arguments + ["--resume"])
    #expect(found.status == 0)
    let after = try String(contentsOfFile: results, encoding: .utf8).split(separator: "\n")
    #expect(after.count == 4)
    #expect(after.last?.contains("\"status\":\"ok\"") == true)
  }

  @Test func withoutResumeTheResultsFileIsReplaced() throws {
    let folder = try Self.library()
    let results = try folder.file("out/results.jsonl", "{\"input\":\"old\"}\n")
    let run = ToolRun(["batch", folder.path + "/good.vtt", "--results", results])
    #expect(run.status == 0)
    let lines = try String(contentsOfFile: results, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("{\"input\":\"\(folder.path)/good.vtt\"") == true)
  }

  @Test func checksMediaWithTheirSidecarsAsOneInput() throws {
    let run = ToolRun(["batch", ValidateMediaTests.flawed, "--no-audio", "--jobs", "2"])
    let found = try Self.byInput(run.stdout)
    #expect(
      found.keys.sorted() == [
        ValidateMediaTests.flawed + "/bare.mp4", ValidateMediaTests.flawed + "/flawed.mp4",
      ])
    let flawed = try #require(found[ValidateMediaTests.flawed + "/flawed.mp4"])
    let tracks = try #require(flawed["tracks"] as? [[String: Any]])
    #expect(tracks.count > 1)
    #expect((flawed["media"] as? [String: Any])?["path"] as? String != nil)
    #expect(flawed["status"] as? String == "findings")
    #expect(run.status == 1)
  }

  @Test func refusesBadOptions() {
    for arguments in [
      ["batch", ".", "--jobs", "0"], ["batch", ".", "--shard", "3/3"],
      ["batch", ".", "--shard", "x"], ["batch", ".", "--resume"], ["batch", "-"],
    ] {
      let run = ToolRun(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.stdout == "")
    }
  }

  @Test func threeShardProcessesCoverASingleRunExactly() throws {
    let folder = try Self.library()
    for index in 0..<20 {
      try folder.file("more/part\(index).srt", SampleText.srt)
    }
    let single = try EndToEndTests.captionkit(["batch", folder.path, "--jobs", "2"])
    #expect(single.status == 65)
    let all = single.stdout.split(separator: "\n").map(String.init)
    #expect(all.count == 29)
    var union: [String] = []
    var sizes: [Int] = []
    for index in 0..<3 {
      let shard = try EndToEndTests.captionkit([
        "batch", folder.path, "--shard", "\(index)/3", "--jobs", "1",
      ])
      let lines = shard.stdout.split(separator: "\n").map(String.init)
      sizes.append(lines.count)
      union += lines
      #expect(shard.stderr.contains("shard \(index)/3 has \(lines.count) of 29 inputs"))
    }
    #expect(union.sorted() == all.sorted())
    #expect(Set(union).count == union.count)
    // Each shard gets a share, not all or nothing.
    #expect(sizes.allSatisfy { $0 > 0 && $0 < 29 })
  }
}
