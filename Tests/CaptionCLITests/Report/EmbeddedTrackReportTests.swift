import CaptionKit
import Foundation
import Testing

@testable import CaptionCLI

/// Reports of a movie with two embedded text streams: the summary counts the media file and
/// its tracks, JSON names each stream's real codec, JUnit gives each stream its own suite,
/// SARIF each stream its own artifact, and the coverage line says which stretches it counts.
struct EmbeddedTrackReportTests {
  static func film(in folder: TemporaryFolder) throws -> String {
    _ = try folder.file("en.srt", "1\n00:00:01,000 --> 00:00:02,000\nHello.\n")
    _ = try folder.file("fr.srt", "1\n00:00:01,000 --> 00:00:02,000\nBonjour.\n")
    return try SubtitleMediaMaker.make(
      "film.mkv", in: folder,
      streams: [
        .init(file: "en.srt", codec: "subrip", language: "eng"),
        .init(file: "fr.srt", codec: "ass", language: "fre"),
      ])
  }

  @Test func theSummaryCountsTheMediaFileAndItsTracks() throws {
    let folder = try TemporaryFolder()
    let film = try Self.film(in: folder)
    let run = ToolRun(["validate", film])
    let last = run.stdout.split(separator: "\n").last.map(String.init)
    #expect(last?.hasPrefix("checked 1 media file and 2 tracks: ") == true, "\(run.stdout)")
    // Caption files alone are still counted as files.
    let vtt = try folder.file("a.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n")
    #expect(
      ToolRun(["validate", vtt]).stdout == "checked 1 file: 0 errors, 0 warnings, 0 remarks\n")
  }

  @Test func theCoverageLineSaysWhichStretchesItCounts() throws {
    let folder = try TemporaryFolder()
    let film = try Self.film(in: folder)
    let run = ToolRun(["validate", film])
    let coverage = run.stdout.split(separator: "\n").first { $0.hasPrefix("  captions ") }
    #expect(
      coverage?.contains(", uncaptioned 00:00:00.000 in stretches of 2 s or more") == true,
      "\(run.stdout)")
  }

  @Test func jsonNamesTheCodecOfEachEmbeddedTrack() throws {
    let folder = try TemporaryFolder()
    let film = try Self.film(in: folder)
    let run = ToolRun(["validate", film, "--format", "json"])
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
    let tracks = try #require(report["tracks"] as? [[String: Any]])
    #expect(tracks.map { $0["format"] as? String } == ["subrip", "ass"])
    #expect(tracks.map { $0["stream"] as? Int } == [2, 3])
  }

  @Test func junitGivesEachStreamItsOwnSuite() throws {
    let folder = try TemporaryFolder()
    let film = try Self.film(in: folder)
    let run = ToolRun(["validate", film, "--format", "junit"])
    let names = run.stdout.split(separator: "\n").compactMap { line -> String? in
      guard let start = line.range(of: "<testsuite name=\"") else { return nil }
      return String(line[start.upperBound...].prefix { $0 != "\"" })
    }
    #expect(names == ["\(film) (stream 2)", "\(film) (stream 3)", "\(film) (media)"])
  }

  @Test func sarifGivesEachStreamItsOwnArtifactInsideTheFile() throws {
    let folder = try TemporaryFolder()
    let film = try Self.film(in: folder)
    let run = ToolRun(["validate", film, "--format", "sarif"])
    let sarif = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
    let runs = try #require(sarif["runs"] as? [[String: Any]])
    let artifacts = try #require(runs.first?["artifacts"] as? [[String: Any]])
    let uris = artifacts.map { ($0["location"] as? [String: Any])?["uri"] as? String }
    let file = SARIFReportWriter.uri(film)
    #expect(uris == [file, file + "#stream=2", file + "#stream=3"])
    #expect(artifacts.map { $0["parentIndex"] as? Int } == [nil, 0, 0])
    #expect(Set(uris.compactMap { $0 }).count == artifacts.count)
  }
}

extension EmbeddedTrackReportTests {
  @Test(
    .enabled(if: JSONSchemaValidator.isSARIFConfigured, JSONSchemaValidator.sarifSkipComment))
  func theSARIFLogWithNestedArtifactsMeetsTheSchema() throws {
    let folder = try TemporaryFolder()
    let film = try Self.film(in: folder)
    let run = ToolRun(["validate", film, "--format", "sarif"])
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
    #expect(try JSONSchemaValidator.sarif().errors(in: log) == [])
  }
}
