import CaptionKit
import Foundation
import Testing

@testable import CaptionCLI

struct ValidateCommandTests {
  @Test func summarisesCleanFiles() throws {
    let folder = try TemporaryFolder()
    let vtt = try folder.file("a.vtt", SampleText.webvtt)
    let srt = try folder.file("b.srt", SampleText.srt)
    let run = ToolRun(["validate", vtt, srt])
    #expect(run.status == 0)
    #expect(run.stdout == "checked 2 files: 0 errors, 0 warnings, 0 remarks\n")
    #expect(run.stderr.isEmpty)
  }

  @Test func writesTheJSONReport() throws {
    let run = ToolRun(["validate", "--format", "json", "-"], stdin: "WEBVTT\n")
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        {
          "tool": {
            "name": "captionkit",
            "version": "0.1.0"
          },
          "media": null,
          "tracks": [
            {
              "id": "1",
              "path": "-",
              "stream": null,
              "channel": null,
              "source": "argument",
              "format": "webvtt",
              "language": null,
              "kind": null,
              "encoding": "UTF-8",
              "cueCount": 0
            }
          ],
          "diagnostics": [
            {
              "rule": "coverage.empty-track",
              "severity": "warning",
              "message": "the file has no cues",
              "track": "1",
              "file": "<stdin>",
              "line": null,
              "column": null,
              "cue": null,
              "hint": "check that the right file was delivered and that what wrote it did not fail"
            }
          ],
          "coverage": null,
          "wcag": [],
          "mediaFiles": [],
          "summary": {
            "errors": 0,
            "warnings": 1,
            "remarks": 0
          }
        }

        """)
  }

  @Test func checksEveryCaptionFileOfAFolderInOrder() throws {
    let folder = try TemporaryFolder()
    try folder.file("b.srt", SampleText.srt)
    try folder.file("a.vtt", SampleText.webvtt)
    try folder.file("sub/c.vtt", SampleText.webvtt)
    try folder.file("sub/B.srt", SampleText.srt)
    try folder.file("movie.mp4", bytes: [0, 0, 0, 0x18])
    try folder.file("notes.txt", "notes")
    try folder.file(".hidden.vtt", "broken")
    let run = ToolRun(["validate", "--format", "json", folder.path])
    // movie.mp4 is taken for media by its name, and is not: exit 65, the rest checked.
    #expect(run.status == 65)
    #expect(run.stderr.contains("movie.mp4"))
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
    let tracks = try #require(report["tracks"] as? [[String: Any]])
    #expect(
      tracks.compactMap { $0["path"] as? String }
        == [
          "a.vtt", "b.srt", "sub/B.srt", "sub/c.vtt",
        ].map { folder.path + "/" + $0 })
    #expect(tracks.compactMap { $0["id"] as? String } == ["1", "2", "3", "4"])
    #expect(tracks.compactMap { $0["format"] as? String } == ["webvtt", "srt", "srt", "webvtt"])
  }

  @Test func readsOnlyTheXMLFilesOfAFolderThatAreTTML() throws {
    let folder = try TemporaryFolder()
    try folder.file(
      "a.xml",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!-- captions -->
      <tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body><div>\
      <p begin="00:00:01.000" end="00:00:02.000">Hello</p></div></body></tt>
      """)
    try folder.file("CPL_feature.xml", "<?xml version=\"1.0\"?>\n<CompositionPlaylist/>\n")
    try folder.file("b.vtt", SampleText.webvtt)
    let run = ToolRun(["validate", "--format", "json", folder.path])
    #expect(run.status == 0)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
    let tracks = try #require(report["tracks"] as? [[String: Any]])
    #expect(
      tracks.compactMap { $0["path"] as? String }
        == ["a.xml", "b.vtt"].map { folder.path + "/" + $0 })
    #expect(tracks.first?["cueCount"] as? Int == 1)
    // Named on the command line, an XML file is read as TTML, and its reader says why not.
    let named = ToolRun(["validate", folder.path + "/CPL_feature.xml"])
    #expect(named.status == 1)
    #expect(named.stdout.contains("[parse.ttml]"))
  }

  @Test func aFolderWithoutCaptionsExits66() throws {
    let folder = try TemporaryFolder()
    try folder.file("notes.txt", "notes")
    let run = ToolRun(["validate", folder.path])
    #expect(run.status == 66)
    #expect(run.stderr == "error: \(folder.path): no media or caption files in the folder\n")
    #expect(run.stdout == "checked 0 files: 0 errors, 0 warnings, 0 remarks\n")
  }

  /// A symbolic link that leads to no file, in a folder or beside a media file, is reported
  /// missing with where it leads, never passed over: the file it stood for was not checked.
  @Test func aBrokenLinkIsReportedWithWhereItLeads() throws {
    let folder = try TemporaryFolder()
    try folder.file("a.vtt", SampleText.webvtt)
    #expect(symlink("/nonexistent/b.srt", folder.path + "/b.srt") == 0)
    #expect(symlink("gone.vtt", folder.path + "/c.vtt") == 0)
    #expect(symlink("/nonexistent/notes.txt", folder.path + "/notes.txt") == 0)
    let run = ToolRun(["validate", folder.path])
    #expect(run.status == 66)
    #expect(
      run.stderr
        == "error: \(folder.path)/b.srt: no such file (a symbolic link to "
        + "'/nonexistent/b.srt', which does not exist)\n"
        + "error: \(folder.path)/c.vtt: no such file (a symbolic link to 'gone.vtt', which "
        + "does not exist)\n")
    #expect(run.stdout == "checked 1 file: 0 errors, 0 warnings, 0 remarks\n")
    // Named on the command line, as a media file, and as a media file's sidecar.
    let named = ToolRun(["validate", folder.path + "/c.vtt"])
    #expect(named.status == 66)
    #expect(named.stderr.contains("c.vtt: no such file (a symbolic link to 'gone.vtt'"))
    #expect(symlink("/nonexistent/movie.mp4", folder.path + "/movie.mp4") == 0)
    let media = ToolRun(["validate", folder.path + "/movie.mp4"])
    #expect(media.status == 66)
    #expect(
      media.stderr
        == "error: \(folder.path)/movie.mp4: no such file (a symbolic link to "
        + "'/nonexistent/movie.mp4', which does not exist)\n")
  }

  /// Links that go round in a loop are read and reported, not skipped by the folder walk.
  @Test func aLinkLoopInAFolderIsReportedNotSkipped() throws {
    let folder = try TemporaryFolder()
    try folder.file("a.vtt", SampleText.webvtt)
    #expect(symlink("f.srt", folder.path + "/e.srt") == 0)
    #expect(symlink("e.srt", folder.path + "/f.srt") == 0)
    let run = ToolRun(["validate", folder.path])
    #expect(run.status == 66)
    #expect(
      run.stderr
        == "error: \(folder.path)/e.srt: cannot read: too many levels of symbolic links\n"
        + "error: \(folder.path)/f.srt: cannot read: too many levels of symbolic links\n")
    #expect(run.stdout == "checked 1 file: 0 errors, 0 warnings, 0 remarks\n")
  }

  @Test func reportsBadInputsAndChecksTheRest() throws {
    let folder = try TemporaryFolder()
    let good = try folder.file("a.vtt", SampleText.webvtt)
    let text = try folder.file("notes.txt", "notes\n")
    let missing = folder.path + "/gone.srt"
    let notCaptions = ToolRun(["validate", text, good])
    #expect(notCaptions.status == 65)
    #expect(
      notCaptions.stderr
        == "error: \(text): not a caption file: unknown format (no WEBVTT signature, no SRT cue)\n")
    #expect(notCaptions.stdout == "checked 1 file: 0 errors, 0 warnings, 0 remarks\n")
    let both = ToolRun(["validate", good, missing, text])
    #expect(both.status == 66)
    #expect(
      both.stderr
        == "error: \(missing): no such file\nerror: \(text): not a caption file: unknown format "
        + "(no WEBVTT signature, no SRT cue)\n")
  }

  @Test func refusesLargeInputsWithAHint() throws {
    let folder = try TemporaryFolder()
    let big = try folder.file("big.srt", SampleText.srt)
    let small = try folder.file("small.vtt", "WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n")
    let run = ToolRun(["validate", big, small, "--max-input-size", "35"])
    let size = SampleText.srt.utf8.count
    #expect(run.status == 65)
    #expect(
      run.stderr == """
        error: \(big): \(size) bytes is over the input limit of 35 bytes
        hint: raise the limit with --max-input-size \(size)

        """)
    #expect(run.stdout == "checked 1 file: 0 errors, 0 warnings, 0 remarks\n")
  }

  @Test func writesTheReportToAFile() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("a.vtt", SampleText.webvtt)
    let run = ToolRun(["validate", input, "-o", folder.path + "/report.txt"])
    #expect(run.status == 0)
    #expect(run.stdout.isEmpty)
    #expect(
      try folder.contents("report.txt") == "checked 1 file: 0 errors, 0 warnings, 0 remarks\n")
    let blocked = ToolRun(["validate", input, "-o", folder.path + "/none/report.txt"])
    #expect(blocked.status == 73)
    #expect(blocked.stderr.hasPrefix("error: cannot write \(folder.path)/none/report.txt: "))
  }

  @Test func rejectsBadOptionValues() {
    let format = ToolRun(["validate", "a.vtt", "--format", "sarf"])
    #expect(format.status == 64)
    #expect(
      format.stderr.hasPrefix(
        "error: unknown format 'sarf' for '--format'; expected one of text, json, junit, sarif\n"
          + "hint: did you mean 'sarif'?\nusage: captionkit validate "))
    let failOn = ToolRun(["validate", "a.vtt", "--fail-on", "warnings"])
    #expect(failOn.status == 64)
    #expect(
      failOn.stderr.hasPrefix(
        "error: unknown severity 'warnings' for '--fail-on'; expected one of error, warning, "
          + "never\nhint: did you mean 'warning'?\n"))
    let twice = ToolRun(["validate", "-", "-"])
    #expect(twice.status == 64)
    #expect(twice.stderr.hasPrefix("error: standard input '-' can be read only once\n"))
    let none = ToolRun(["validate"])
    #expect(none.status == 64)
    #expect(none.stderr.hasPrefix("error: missing argument <path>\n"))
  }

  /// Needs the real WebVTT reader: the placeholder reports nothing.
  @Test func findingsDecideTheExitStatus() throws {
    let folder = try TemporaryFolder()
    let broken = try folder.file(
      "broken.vtt", "WEBVTT\n\n00:00:02.000 --> 00:00:01.000 nonsense:1\nHello\n")
    let strict = ToolRun(["validate", broken, "--fail-on", "warning"])
    #expect(strict.status == 1)
    #expect(strict.stdout.hasPrefix("\(broken):3:"))
    #expect(strict.stdout.contains("[parse.webvtt]\n"))
    let never = ToolRun(["validate", broken, "--fail-on", "never"])
    #expect(never.status == 0)
    #expect(never.stdout == strict.stdout)
  }
}

struct ValidateRulesTests {
  static let samples: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/CaptionCLITests/ValidateCommandTests.swift
    return parts.joined(separator: "/") + "/Samples"
  }()

  static let flawed = """
    WEBVTT

    00:00:01.000 --> 00:00:04.000
    Hello

    00:00:03.000 --> 00:00:03.500
    This cue overlaps the first one and is far too fast to read

    """

  @Test func runsTheRulesAfterTheReader() throws {
    let folder = try TemporaryFolder()
    let file = try folder.file("movie.en.vtt", Self.flawed)
    let run = ToolRun(["validate", file])
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        \(file):6:1: warning: cue 2 starts at 00:00:03.000, before cue 1 ends at 00:00:04.000 \
        [timing.overlap]
            hint: end cue 1 before cue 2 starts, or merge them
        \(file):6:1: warning: cue 2 lasts 0.500 s; the en minimum is 0.833 s [timing.min-duration]
            hint: show the cue longer, or merge it with its neighbour
        \(file):6:1: warning: cue 2 is 118 characters per second; the en limit is 20 \
        [readability.cps]
            hint: shorten the text to 10 characters, or show the cue longer
        \(file):6:1: warning: cue 2 has 59 characters; the en limit is 42 \
        [readability.line-length]
            hint: break the line earlier, or shorten it
        checked 1 file: 0 errors, 4 warnings, 0 remarks

        """)
  }

  @Test func theProfileAndTheConfigurationSetSeverities() throws {
    let folder = try TemporaryFolder()
    let file = try folder.file("movie.en.vtt", Self.flawed)
    let broadcast = ToolRun(["validate", file, "--profile", "broadcast"])
    #expect(broadcast.status == 1)
    #expect(broadcast.stdout.contains(":6:1: error: cue 2 starts at 00:00:03.000, before cue 1"))
    #expect(broadcast.stdout.hasSuffix("checked 1 file: 1 error, 3 warnings, 0 remarks\n"))
    let config = try folder.file(
      "quiet.json",
      #"{"rules": {"readability.cps": "off"}, "locales": {"en": {"charactersPerLine": 60}}}"#)
    let quiet = ToolRun(["validate", file, "--config", config, "--fail-on", "warning"])
    #expect(quiet.status == 1)
    #expect(quiet.stdout.hasSuffix("checked 1 file: 0 errors, 2 warnings, 0 remarks\n"))
    #expect(!quiet.stdout.contains("[readability.cps]"))
    #expect(!quiet.stdout.contains("[readability.line-length]"))
  }

  @Test func theSamplesHaveOnlyTheirKnownFindings() {
    let run = ToolRun([
      "validate", "--format", "json", Self.samples + "/webvtt/capability.vtt",
      Self.samples + "/srt/capability.srt", Self.samples + "/scene", Self.samples + "/lighthouse",
    ])
    #expect(run.status == 0)
    // The two legacy-encoded SRT files are there to show parse.encoding; the SDH stream
    // embedded in lighthouse.mp4 has one line of 44 characters ("MARA: There. Can you see it
    // from down there?"), over the 42 of the en limit; nothing else fires.
    #expect(
      run.stdout.components(separatedBy: "\"rule\": ").dropFirst().map { $0.prefix(16) }
        == ["\"parse.encoding\"", "\"parse.encoding\"", "\"readability.lin"])
    #expect(run.stdout.contains("\"warnings\": 3"))
  }

  @Test func junitHasACasePerRuleThatRan() throws {
    let folder = try TemporaryFolder()
    let file = try folder.file("movie.en.vtt", Self.flawed)
    let run = ToolRun(["validate", file, "--format", "junit"])
    let cases = run.stdout.components(separatedBy: "<testcase name=\"").dropFirst()
      .compactMap { $0.split(separator: "\"").first.map(String.init) }
    // Conversion, sync, other formats', media and package rules do not run on a WebVTT file.
    let otherFormats: Set<String> = [
      "parse.srt", "parse.ttml", "parse.ass", "parse.scc", "parse.hls", "parse.dash",
      "timing.sync-alignment",
    ]
    let expected = RuleRegistry.rules.filter { !($0 is any ContextRule) }.map(\.id).filter {
      !$0.hasPrefix("convert.") && !otherFormats.contains($0) && !$0.hasPrefix("container.")
        && !$0.hasPrefix("hls.") && !$0.hasPrefix("dash.")
    }
    #expect(cases == expected)
    #expect(run.stdout.contains("tests=\"\(expected.count)\" failures=\"0\""))
  }

  @Test func sarifDescribesTheRulesThatFired() throws {
    let folder = try TemporaryFolder()
    let file = try folder.file("movie.en.vtt", Self.flawed)
    let run = ToolRun(["validate", file, "--format", "sarif"])
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
    let driver = try #require(
      ((log["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"]
        as? [String: Any])
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(
      rules.compactMap { $0["id"] as? String }
        == ["timing.overlap", "timing.min-duration", "readability.cps", "readability.line-length"])
    #expect(rules.first?["helpUri"] as? String == "Docs/rules/timing.overlap.md")
    #expect(
      (rules.first?["shortDescription"] as? [String: Any])?["text"] as? String
        == "a cue starts before an earlier cue has ended")
    #expect(
      (rules.first?["defaultConfiguration"] as? [String: Any])?["level"] as? String == "warning")
  }
}

struct ValidateReaderRuleSettingsTests {
  @Test func theConfigurationAppliesToTheReadersRules() throws {
    let folder = try TemporaryFolder()
    let file = try folder.file(
      "broken.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000 nonsense:1\nHello\n")
    let strict = ToolRun(["validate", file])
    #expect(strict.status == 1)
    #expect(strict.stdout.contains(": error: ") && strict.stdout.contains("[parse.webvtt]"))
    let lenient = try folder.file("lenient.json", #"{"rules": {"parse.webvtt": "warning"}}"#)
    let warned = ToolRun(["validate", file, "--config", lenient])
    #expect(warned.status == 0)
    #expect(warned.stdout.contains(": warning: ") && warned.stdout.contains("[parse.webvtt]"))
    let off = try folder.file("off.json", #"{"rules": {"parse.webvtt": "off"}}"#)
    let silent = ToolRun(["validate", file, "--config", off])
    #expect(silent.status == 0)
    #expect(silent.stdout == "checked 1 file: 0 errors, 0 warnings, 0 remarks\n")
  }

  /// The legacy `Kind:`/`Language:` header: a warning (an error in the stricter profiles),
  /// and `Language:` still checked against the file name.
  @Test func aLegacyHeaderIsAWarningAndItsLanguageIsStillChecked() throws {
    let folder = try TemporaryFolder()
    let path = try folder.file(
      "talk.en.vtt",
      "WEBVTT\nKind: captions\nLanguage: fr\n\n00:00:01.000 --> 00:00:02.000\nHello there\n")
    let run = ToolRun(["validate", path])
    #expect(run.status == 1)
    #expect(
      run.stdout.contains(
        "\(path):2:1: warning: legacy header 'Kind: captions', 'Language: fr' after the "
          + "\"WEBVTT\" line"))
    #expect(run.stdout.contains("but its header declares Language fr [translation.language-tag]"))
    let strict = ToolRun(["validate", path, "--profile", "streaming", "--format", "json"])
    #expect(
      strict.stdout.contains(
        "\"rule\": \"parse.webvtt-legacy-header\",\n      \"severity\": \"error\""))
    let english = try folder.file(
      "ok.en.vtt", "WEBVTT\nKind: captions\nLanguage: en\n\n00:00:01.000 --> 00:00:02.000\nHi\n")
    let fine = ToolRun(["validate", english])
    #expect(fine.status == 0)
    #expect(fine.stdout.contains("checked 1 file: 0 errors, 1 warning, 0 remarks"))
  }
}

struct ValidateLegacyEncodingTests {
  /// `cp949-ko.srt`, written by `Scripts/make-encoding-fixtures.py` with Python's CP949 codec.
  static let fixture = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("CaptionFormatsTests/Fixtures/encodings/cp949-ko.srt")

  @Test func aKoreanFileNamedWithoutALanguageIsReadAsCP949() throws {
    let folder = try TemporaryFolder()
    let file = try folder.file(
      "legacy.srt", bytes: [UInt8](try Data(contentsOf: Self.fixture)))
    let run = ToolRun(["validate", file])
    #expect(run.status == 0)
    #expect(
      run.stdout.hasPrefix(
        """
        \(file):3:1: warning: file is not UTF-8; decoded as CP949 (guessed from the content, \
        confidence 0.97) [parse.encoding]
            hint: save the file as UTF-8, or name its encoding with --encoding

        """))
    let converted = ToolRun(["convert", file, "-o", "-", "--to", "vtt"])
    #expect(converted.status == 0)
    #expect(converted.stdout.contains("00:00:04.000 --> 00:00:06.500\n[빗소리]\n똠방각하, 아직 안 잤어요?\n"))
  }
}
