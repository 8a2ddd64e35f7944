import CaptionKit
import Foundation
import Testing

@testable import CaptionCLI

/// `validate` on media files: Samples/flawed plants every contract rule, the lighthouse demo
/// holds one true finding, and the report carries coverage and WCAG verdicts.
struct ValidateMediaTests {
  static let flawed = ValidateRulesTests.samples + "/flawed"

  struct Found: Equatable, CustomStringConvertible {
    var rule: String
    var file: String
    var cue: Int?
    var description: String { "\(rule) \(file) \(cue.map(String.init) ?? "-")" }
  }

  /// The findings of a JSON report as (rule, file name, cue index).
  static func findings(_ run: ToolRun) throws -> [Found] {
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
    let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
    return diagnostics.map { diagnostic in
      let path = diagnostic["file"] as? String ?? ""
      return Found(
        rule: diagnostic["rule"] as? String ?? "",
        file: String(path.split(separator: "/").last ?? ""),
        cue: (diagnostic["cue"] as? [String: Any])?["index"] as? Int)
    }
  }

  @Test func theFlawedSamplesPlantEveryContractRule() throws {
    let run = ToolRun([
      "validate", Self.flawed, "--locales", "en,ko,fr,ru,de", "--format", "json",
    ])
    #expect(run.status == 1)
    let found = try Self.findings(run)
    let expected: [Found] = [
      .init(rule: "translation.missing-locale", file: "bare.mp4", cue: nil),
      .init(rule: "translation.missing-locale", file: "bare.mp4", cue: nil),
      .init(rule: "translation.missing-locale", file: "bare.mp4", cue: nil),
      .init(rule: "translation.missing-locale", file: "bare.mp4", cue: nil),
      .init(rule: "translation.missing-locale", file: "bare.mp4", cue: nil),
      .init(rule: "coverage.no-captions", file: "bare.mp4", cue: nil),
      .init(rule: "description.missing", file: "bare.mp4", cue: nil),
      .init(rule: "translation.missing-locale", file: "flawed.mp4", cue: nil),
      .init(rule: "container.disposition", file: "flawed.mp4", cue: nil),
      .init(rule: "coverage.uncaptioned-speech", file: "flawed.en.captions.vtt", cue: nil),
      .init(rule: "parse.webvtt", file: "flawed.en.captions.vtt", cue: 1),
      .init(rule: "timing.overlap", file: "flawed.en.captions.vtt", cue: 3),
      .init(rule: "readability.cps", file: "flawed.en.captions.vtt", cue: 4),
      .init(rule: "readability.line-length", file: "flawed.en.captions.vtt", cue: 4),
      .init(rule: "translation.cue-alignment", file: "flawed.en.captions.vtt", cue: 5),
      .init(rule: "timing.min-duration", file: "flawed.en.captions.vtt", cue: 6),
      .init(rule: "readability.cps", file: "flawed.en.captions.vtt", cue: 6),
      .init(rule: "timing.zero-duration", file: "flawed.en.captions.vtt", cue: 7),
      .init(rule: "timing.beyond-media", file: "flawed.en.captions.vtt", cue: 8),
      .init(rule: "description.overlaps-dialogue", file: "flawed.en.descriptions.vtt", cue: 1),
      .init(rule: "description.does-not-fit", file: "flawed.en.descriptions.vtt", cue: 1),
      .init(rule: "description.does-not-fit", file: "flawed.en.descriptions.vtt", cue: 2),
      .init(rule: "description.needs-extended", file: "flawed.en.descriptions.vtt", cue: 2),
      .init(rule: "parse.encoding", file: "flawed.fr.srt", cue: nil),
      .init(rule: "parse.srt", file: "flawed.fr.srt", cue: 2),
      .init(rule: "translation.untranslated", file: "flawed.fr.srt", cue: 4),
      .init(rule: "translation.language-tag", file: "flawed.ko.vtt", cue: nil),
      .init(rule: "parse.webvtt", file: "flawed.ko.vtt", cue: nil),
      .init(rule: "translation.cue-alignment", file: "flawed.ko.vtt", cue: 3),
      .init(rule: "translation.script-mismatch", file: "flawed.ru.vtt", cue: nil),
      .init(rule: "readability.cps", file: "flawed.ru.vtt", cue: 1),
    ]
    #expect(found == expected)
    // Every contract rule of RULES.md is among them.
    let contract = [
      "parse.webvtt", "parse.srt", "parse.encoding", "timing.overlap", "timing.zero-duration",
      "timing.min-duration", "timing.beyond-media", "readability.cps", "readability.line-length",
      "coverage.no-captions", "coverage.uncaptioned-speech", "translation.missing-locale",
      "translation.cue-alignment", "translation.script-mismatch", "translation.language-tag",
      "description.missing", "description.overlaps-dialogue", "description.does-not-fit",
      "container.disposition",
    ]
    #expect(contract.filter { rule in !found.contains { $0.rule == rule } } == [])
  }

  @Test func theDemoHasOneTrueFindingAndItsVerdicts() throws {
    let media = ValidateRulesTests.samples + "/lighthouse/lighthouse.mp4"
    let run = ToolRun(["validate", media, "--format", "json"])
    #expect(run.status == 0)
    #expect(
      try Self.findings(run) == [
        .init(rule: "readability.line-length", file: "lighthouse.mp4", cue: 9)
      ])
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
    let wcag = try #require(report["wcag"] as? [[String: Any]])
    #expect(
      wcag.compactMap { $0["criterion"] as? String } == [
        "1.2.1", "1.2.2", "1.2.3", "1.2.5", "1.2.7", "1.2.8",
      ])
    #expect(
      wcag.compactMap { $0["status"] as? String }
        == ["not-applicable", "pass", "pass", "pass", "not-applicable", "unknown"])
    let coverage = try #require(report["coverage"] as? [String: Any])
    #expect(coverage["mediaDuration"] as? Double == 54)
    #expect((coverage["uncaptionedSpeech"] as? [Any])?.isEmpty == true)
    #expect(coverage["estimatedOffset"] as? Double == 0)
    let tracks = try #require(report["tracks"] as? [[String: Any]])
    #expect(
      tracks.compactMap { $0["source"] as? String }
        == ["embedded", "sidecar", "sidecar", "sidecar", "sidecar", "sidecar"])
  }

  @Test func theTextReportNamesTheStreamOfAFindingAndListsTheTracks() throws {
    let media = ValidateRulesTests.samples + "/lighthouse/lighthouse.mp4"
    let folder = ValidateRulesTests.samples + "/lighthouse/lighthouse"
    let run = ToolRun(["validate", media, "--no-audio"])
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      Array(lines.prefix(9)) == [
        "\(media): warning: stream 2: cue 9 has 44 characters; the en limit is 42 "
          + "[readability.line-length]",
        "    hint: break the line earlier, or shorten it",
        "\(media): coverage and WCAG 2.2",
        "  track 1  stream 2 (mov_text), en, sdh",
        "  track 2  \(folder).chapters.vtt, chapters",
        "  track 3  \(folder).en.captions.vtt, en, captions",
        "  track 4  \(folder).en.descriptions.vtt, en, descriptions",
        "  track 5  \(folder).ja.vtt, ja",
        "  track 6  \(folder).ko.vtt, ko",
      ])
    // The JSON report keeps the rule's message; the stream is in the track.
    let json = ToolRun(["validate", media, "--no-audio", "--format", "json"])
    #expect(json.stdout.contains("\"message\": \"cue 9 has 44 characters; the en limit is 42\""))
  }

  @Test func withoutAudioCaptionsAreUnknown() throws {
    let media = ValidateRulesTests.samples + "/lighthouse/lighthouse.mp4"
    let run = ToolRun(["validate", media, "--no-audio"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("; audio not analysed\n"))
    #expect(
      run.stdout.contains(
        "  1.2.2  A    unknown         captions in tracks 1, 3 without errors, but the audio was "
          + "not analysed, so missing captions cannot be found\n"))
  }

  @Test func aMissingMediaFileExits66() {
    let run = ToolRun(["validate", "/nonexistent/movie.mp4"])
    #expect(run.status == 66)
    #expect(run.stderr == "error: /nonexistent/movie.mp4: no such file\n")
  }

  @Test func damagedMediaExits65() throws {
    let folder = try TemporaryFolder()
    let file = try folder.file("movie.mp4", bytes: [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70])
    let run = ToolRun(["validate", file])
    #expect(run.status == 65)
  }

  @Test func aSyncOffsetIsFoundAndReported() throws {
    // The lines spoken in flawed.mp4 (each starts 0.1 s after its line's time), captioned
    // 1.5 s after those times: 1.4 s late.
    let folder = try TemporaryFolder()
    try FileManager.default.copyItem(
      atPath: Self.flawed + "/flawed.mp4", toPath: folder.path + "/late.mp4")
    try folder.file(
      "late.en.captions.vtt",
      """
      WEBVTT

      00:00:03.500 --> 00:00:05.500
      The storm is coming in fast tonight.

      00:00:07.500 --> 00:00:09.500
      Close the shutters before the rain.

      00:00:12.500 --> 00:00:15.500
      Where did you put the lantern, Jonas?

      00:00:19.500 --> 00:00:21.500
      It is on the table by the door.

      00:00:24.500 --> 00:00:26.500
      Then we wait for morning.

      """)
    let run = ToolRun(["validate", folder.path + "/late.mp4", "--format", "json"])
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
    let coverage = try #require(report["coverage"] as? [String: Any])
    let offset = try #require(coverage["estimatedOffset"] as? Double)
    #expect(abs(offset - 1.4) <= 0.1)
    let found = try Self.findings(run).filter { $0.rule == "timing.sync-offset" }
    #expect(found == [.init(rule: "timing.sync-offset", file: "late.en.captions.vtt", cue: nil)])
  }
}

/// A sidecar whose file name gives its language in a form that is not a well-formed BCP 47
/// tag is still read, as the tag meant, with a finding that suggests the well-formed name.
struct SidecarLanguageNameTests {
  @Test(arguments: [
    ("en_US", "en-US"), ("pt_BR", "pt-BR"), ("zh_Hant_TW", "zh-Hant-TW"), ("English", "en"),
  ])
  func aMalformedLanguageInTheNameGetsAFindingWithTheTag(written: String, tag: String) throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.webm(in: folder)
    let sidecar = try folder.file(
      "movie.\(written).vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n")
    let run = ToolRun(["validate", media, "--no-audio", "--format", "json"])
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
    let tracks = try #require(report["tracks"] as? [[String: Any]])
    #expect(tracks.map { $0["language"] as? String } == [tag])
    let text = ToolRun(["validate", media, "--no-audio"])
    #expect(
      text.stdout.contains(
        "\(sidecar): error: the file name's language \(written) is not a well-formed BCP 47 tag; "
          + "it is read as \(tag) [translation.language-tag]\n    hint: rename the file "
          + "movie.\(tag).vtt\n"), "\(text.stdout)")
  }

  @Test func aWellFormedNameGetsNoSuchFinding() throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.webm(in: folder)
    _ = try folder.file("movie.pt-BR.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOlá\n")
    let run = ToolRun(["validate", media, "--no-audio"])
    #expect(!run.stdout.contains("translation.language-tag"), "\(run.stdout)")
  }
}
