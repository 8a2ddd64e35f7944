import Foundation
import Testing

@testable import CaptionCLI

/// Each input's own `captionkit.json`, found in its folder or the nearest one above it, as
/// `.editorconfig` is; `--config` and `--no-config` turn the search off.
struct ConfigurationDiscoveryTests {
  /// A cue of one 30-character line, shown 3 seconds: over a 20-character limit only.
  static let captions = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nA line of exactly thirty chars\n"

  /// `show/` allows 20 characters a line, `show/special/` 40 (nearest wins, merged over the
  /// defaults), `other/` has no file: the defaults' 42.
  static func library() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.file(
      "show/captionkit.json",
      #"{"version": 1, "locales": {"default": {"charactersPerLine": 20}}}"#)
    try folder.file(
      "show/special/captionkit.json",
      #"{"version": 1, "locales": {"default": {"charactersPerLine": 40}}}"#)
    try folder.file("show/season1/a.vtt", captions)
    try folder.file("show/special/c.vtt", captions)
    try folder.file("other/b.vtt", captions)
    return folder
  }

  static let finding =
    "3:1: warning: cue 1 has 30 characters; the limit is 20 [readability.line-length]"

  @Test func eachInputUsesItsNearestFile() throws {
    let folder = try Self.library()
    let run = ToolRun(["validate", folder.path])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(
      run.stdout == """
        \(folder.path)/show/season1/a.vtt:\(Self.finding)
            hint: break the line earlier, or shorten it
        checked 3 files: 0 errors, 1 warning, 0 remarks

        """)
    // Named one by one, the same.
    let one = ToolRun(["validate", folder.path + "/show/season1/a.vtt", "--fail-on", "warning"])
    #expect(one.status == 1)
    #expect(one.stdout.contains("a.vtt:\(Self.finding)"))
    let other = ToolRun(["validate", folder.path + "/other/b.vtt", "--fail-on", "warning"])
    #expect(other.status == 0)
  }

  @Test func anExplicitConfigurationOrNoConfigTurnsTheSearchOff() throws {
    let folder = try Self.library()
    let none = ToolRun(["validate", folder.path, "--no-config"])
    #expect(none.status == 0)
    #expect(none.stdout == "checked 3 files: 0 errors, 0 warnings, 0 remarks\n")
    let strict = try folder.file(
      "strict.json", #"{"version": 1, "locales": {"default": {"charactersPerLine": 10}}}"#)
    let given = ToolRun(["validate", folder.path, "--config", strict])
    #expect(given.status == 0)
    #expect(given.stdout.components(separatedBy: "the limit is 10 [readability").count == 4)
    #expect(!given.stdout.contains("the limit is 20"))
    #expect(given.stdout.hasSuffix("checked 3 files: 0 errors, 3 warnings, 0 remarks\n"))
    let both = ToolRun(["validate", folder.path, "--config", strict, "--no-config"])
    #expect(both.status == 64)
    #expect(both.stderr.hasPrefix("error: '--config' and '--no-config' cannot both be given\n"))
  }

  @Test func aBrokenFileStopsValidateAsABadConfigDoes() throws {
    let folder = try Self.library()
    try folder.file("other/captionkit.json", "{\"version\": 1,\n  \"rulez\": {}}\n")
    let run = ToolRun(["validate", folder.path + "/other/b.vtt"])
    #expect(run.status == 64)
    #expect(
      run.stderr.hasPrefix(
        "error: \(folder.path)/other/captionkit.json: unknown key \"rulez\"; did you mean "
          + "\"rules\"?\nhint: see Docs/config.md for the keys and values, or check without "
          + "it: --no-config\nusage: captionkit validate "))
    #expect(ToolRun(["validate", folder.path + "/other/b.vtt", "--no-config"]).status == 0)
  }

  @Test func batchChecksEachInputWithItsNearestFile() throws {
    let folder = try Self.library()
    try folder.file("broken/captionkit.json", "{\"version\": 2}")
    try folder.file("broken/d.vtt", Self.captions)
    let run = ToolRun(["batch", folder.path, "--fail-on", "warning", "--jobs", "2"])
    #expect(run.status == 65)
    let lines = try BatchCommandTests.byInput(run.stdout)
    #expect(lines.count == 4)
    #expect(lines[folder.path + "/show/season1/a.vtt"]?["status"] as? String == "findings")
    #expect(lines[folder.path + "/show/special/c.vtt"]?["status"] as? String == "ok")
    #expect(lines[folder.path + "/other/b.vtt"]?["status"] as? String == "ok")
    let broken = try #require(lines[folder.path + "/broken/d.vtt"])
    #expect(broken["status"] as? String == "error")
    let reason = try #require(broken["reason"] as? String)
    #expect(reason.hasPrefix("\(folder.path)/broken/d.vtt: \(folder.path)/broken/captionkit.json"))

    let none = ToolRun(["batch", folder.path, "--fail-on", "warning", "--no-config"])
    #expect(none.status == 0)
    #expect(
      try BatchCommandTests.byInput(none.stdout).values.allSatisfy {
        $0["status"] as? String == "ok"
      })
  }
}
