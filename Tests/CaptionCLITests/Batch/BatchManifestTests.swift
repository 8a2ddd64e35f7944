import Foundation
import Testing

@testable import CaptionCLI

/// `batch --manifest`: inputs listed one JSON object per line, with their own tracks,
/// locales and profile; a bad line is an error line of its own.
struct BatchManifestTests {
  static let flawed = ValidateMediaTests.flawed

  /// Two cues that overlap: a warning for the web profile, an error for broadcast.
  static let overlapping =
    "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nOne\n\n00:00:02.000 --> 00:00:04.000\nTwo\n"

  static func rules(_ line: [String: Any]) -> Set<String> {
    Set(((line["diagnostics"] as? [[String: Any]]) ?? []).compactMap { $0["rule"] as? String })
  }

  @Test func readsEntriesRelativeToTheManifestAndReportsBadLines() throws {
    let folder = try TemporaryFolder()
    try folder.file("list/good.vtt", SampleText.webvtt)
    try folder.file("list/overlap.vtt", Self.overlapping)
    let manifest = try folder.file(
      "list/inputs.jsonl",
      """
      {"media": "good.vtt"}
      {"media": "overlap.vtt", "profile": "broadcast"}

      {"media": "overlap.vtt"}
      not json
      {"tracks": []}
      {"media": "good.vtt", "lang": "en"}
      {"media": "missing.vtt"}
      {"media": "good.vtt", "profile": "nope"}
      ["good.vtt"]

      """)
    let run = ToolRun(["batch", "--manifest", manifest])
    #expect(run.status == 65)
    let found = try BatchCommandTests.byInput(run.stdout)
    let base = folder.path + "/list/"
    #expect(found[base + "good.vtt"]?["status"] as? String == "ok")
    // The profile of the line: overlapping cues are errors for broadcast.
    let overlap = try #require(found[base + "overlap.vtt"])
    #expect(overlap["status"] as? String == "findings")
    #expect(Self.rules(overlap) == ["timing.overlap"])
    #expect(found[base + "missing.vtt"]?["status"] as? String == "error")
    let reasons = [
      5: "not JSON: unexpected character 'n' at column 1",
      6: "'media' is missing",
      7: "unknown key 'lang'; expected media, tracks, locales, profile",
      9: "unknown profile 'nope'; expected one of web, broadcast, streaming",
      10: "a line is a JSON object, not an array",
    ]
    for (line, message) in reasons {
      let entry = try #require(found["\(manifest):\(line)"], "line \(line)")
      #expect(entry["status"] as? String == "error")
      #expect(entry["reason"] as? String == "\(manifest):\(line): \(message)")
      #expect(entry["size"] is NSNull)
    }
    #expect(found.count == 3 + reasons.count)
    // Line 4 names an input of line 2 again: checked once, with a warning.
    #expect(
      run.stderr.hasPrefix(
        "\(manifest):4: warning: '\(base)overlap.vtt' is also on line 2; checked once, as there\n"
      ))
  }

  @Test func tracksReplaceTheSidecarsAndLocalesReplaceTheOption() throws {
    let manifest = try TemporaryFolder()
    let path = try manifest.file(
      "m.jsonl",
      """
      {"media": "\(Self.flawed)/flawed.mp4", "tracks": ["\(Self.flawed)/flawed.ko.vtt"], \
      "locales": "de, ko"}

      """)
    let run = ToolRun(["batch", "--manifest", path, "--no-audio", "--locales", "en"])
    let line = try #require(try BatchCommandTests.objects(run.stdout).first)
    let tracks = try #require(line["tracks"] as? [[String: Any]])
    #expect(
      tracks.map { $0["path"] as? String }
        == [Self.flawed + "/flawed.mp4", Self.flawed + "/flawed.ko.vtt"])
    #expect(tracks.last?["language"] as? String == "ko")
    let missing = ((line["diagnostics"] as? [[String: Any]]) ?? []).filter {
      $0["rule"] as? String == "translation.missing-locale"
    }
    #expect(missing.count == 1)
    #expect((missing.first?["message"] as? String)?.contains("de") == true)
  }

  @Test func readsTheManifestFromStandardInput() throws {
    let folder = try BatchCommandTests.library()
    let stdin = "{\"media\": \"\(folder.path)/good.vtt\"}\n{\"media\": 3}\n"
    let run = ToolRun(["batch", "--manifest", "-"], stdin: stdin)
    #expect(run.status == 65)
    let found = try BatchCommandTests.byInput(run.stdout)
    #expect(found[folder.path + "/good.vtt"]?["status"] as? String == "ok")
    #expect(found["-:2"]?["reason"] as? String == "-:2: 'media' is a path, not a number")
  }

  @Test func resumeAndShardsWorkWithAManifest() throws {
    let folder = try BatchCommandTests.library()
    var lines = ""
    for index in 0..<12 {
      let name = try folder.file("m/clip\(index).srt", SampleText.srt)
      lines += "{\"media\": \"\(name)\"}\n"
    }
    lines += "{\"media\": 1}\n"
    let manifest = try folder.file("m/list.jsonl", lines)
    let results = folder.path + "/results.jsonl"
    let first = ToolRun(["batch", "--manifest", manifest, "--results", results])
    #expect(first.status == 65)
    let written = try String(contentsOfFile: results, encoding: .utf8)
    #expect(written.split(separator: "\n").count == 13)
    let again = ToolRun(["batch", "--manifest", manifest, "--results", results, "--resume"])
    #expect(again.status == 0)
    #expect(again.stderr.hasSuffix("; 13 already in the results\n"))
    #expect(try String(contentsOfFile: results, encoding: .utf8) == written)
    var union: [Substring] = []
    for index in 0..<3 {
      let shard = ToolRun(["batch", "--manifest", manifest, "--shard", "\(index)/3"])
      union += shard.stdout.split(separator: "\n")
    }
    #expect(union.sorted() == written.split(separator: "\n").sorted())
  }

  @Test func parsesLines() {
    let bytes = Array(
      "{\"media\":\"a.mp4\",\"tracks\":[\"s/a.en.vtt\",\"/x/a.fr.vtt\"],\"locales\":[\"en\"]}\r\n"
        .utf8)
    let entries = BatchManifest.entries(bytes, folder: "lib")
    #expect(
      entries == [
        .success(
          BatchManifest.Entry(
            line: 1, media: "lib/a.mp4", tracks: ["lib/s/a.en.vtt", "/x/a.fr.vtt"],
            locales: ["en"]))
      ])
    #expect(BatchManifest.folder(of: "list.jsonl") == nil)
    #expect(BatchManifest.folder(of: "/list.jsonl") == "/")
    #expect(BatchManifest.folder(of: "a/b/list.jsonl") == "a/b")
  }
}
