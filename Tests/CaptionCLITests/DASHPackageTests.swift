import Foundation
import Testing

@testable import CaptionCLI

/// `validate` on local DASH packages made here: FFmpeg's DASH writer for the video and audio,
/// text adaptation sets (WebVTT and TTML files) added to its manifest as a packager would.
@Suite(.serialized)
struct DASHPackageTests {
  /// FFmpeg's DASH package of 8 seconds of H.264 and AAC, with the caption files beside it;
  /// the manifest's path, with `textSets` added before the end of its period.
  static func package(in folder: TemporaryFolder, textSets: String, name: String = "manifest.mpd")
    throws -> String
  {
    let movie = folder.path + "/movie.mp4"
    if !FileManager.default.fileExists(atPath: folder.path + "/plain.mpd") {
      try MuxMediaMaker.run(
        "ffmpeg",
        [
          "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=160x90:r=25:d=8",
          "-f", "lavfi", "-i", "sine=d=8", "-c:v", "libx264", "-g", "50", "-c:a", "aac",
          "-shortest", movie,
        ])
      try MuxMediaMaker.run(
        "ffmpeg",
        [
          "-nostdin", "-v", "error", "-y", "-i", movie, "-map", "0:v", "-map", "0:a", "-c",
          "copy", "-f", "dash", "-seg_duration", "4", folder.path + "/plain.mpd",
        ])
      _ = try folder.file("movie.en.vtt", HLSPackageTests.captions)
      _ = try folder.file(
        "movie.es.ttml",
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <tt xmlns="http://www.w3.org/ns/ttml" xml:lang="es"><body><div>
        <p begin="00:00:01.000" end="00:00:02.500">Hola.</p>
        </div></body></tt>

        """)
    }
    let plain = try String(contentsOfFile: folder.path + "/plain.mpd", encoding: .utf8)
    return try folder.file(name, plain.replacing("\t</Period>", with: textSets + "\t</Period>"))
  }

  static let captionSet = """
    \t\t<AdaptationSet id="2" contentType="text" mimeType="text/vtt" lang="en">
    \t\t\t<Role schemeIdUri="urn:mpeg:dash:role:2011" value="caption"/>
    \t\t\t<Accessibility schemeIdUri="urn:tva:metadata:cs:AudioPurposeCS:2007" value="2"/>
    \t\t\t<Representation id="2" bandwidth="256"><BaseURL>movie.en.vtt</BaseURL></Representation>
    \t\t</AdaptationSet>
    \t\t<AdaptationSet id="3" contentType="text" mimeType="application/ttml+xml" lang="es">
    \t\t\t<Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle"/>
    \t\t\t<Representation id="3" bandwidth="256"><BaseURL>movie.es.ttml</BaseURL></Representation>
    \t\t</AdaptationSet>

    """

  static func json(_ run: ToolRun) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
  }

  static func findings(_ run: ToolRun) throws -> [String] {
    let json = try Self.json(run)
    return (json["diagnostics"] as? [[String: Any]] ?? []).compactMap { item in
      guard let rule = item["rule"] as? String, rule.hasPrefix("dash.") else { return nil }
      let line = item["line"] as? Int ?? 0
      return
        "\(line) \(rule) \(item["severity"] as? String ?? "") \(item["message"] as? String ?? "")"
    }
  }

  @Test func captionsAndSubtitlesWithLanguageRoleAndAccessibilityAreTracks() throws {
    let folder = try TemporaryFolder()
    let manifest = try Self.package(in: folder, textSets: Self.captionSet)
    let run = ToolRun(["validate", manifest, "--no-audio", "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    // FFmpeg writes lang="und" on the audio: a warning; the text sets are as they should be.
    #expect(
      try Self.findings(run) == [
        "25 dash.language warning audio adaptation set 1 has no lang (it is \"und\"); players "
          + "cannot offer it by the viewer's language"
      ])
    let json = try Self.json(run)
    let tracks = try #require(json["tracks"] as? [[String: Any]])
    #expect(tracks.map { $0["language"] as? String } == ["en", "es"])
    #expect(tracks.map { $0["kind"] as? String } == ["sdh", "subtitles"])
    #expect(tracks.map { $0["format"] as? String } == ["webvtt", "ttml"])
    #expect(tracks.map { $0["cueCount"] as? Int } == [3, 1])
    let verdicts = try #require(json["wcag"] as? [[String: Any]])
    #expect(
      verdicts.first { $0["criterion"] as? String == "1.2.2" }?["status"] as? String == "unknown")
  }

  @Test func aTextSetWithoutLanguageOrRoleIsFound() throws {
    let folder = try TemporaryFolder()
    let manifest = try Self.package(
      in: folder,
      textSets: """
        \t\t<AdaptationSet id="2" contentType="text" mimeType="text/vtt">
        \t\t\t<Role schemeIdUri="urn:mpeg:dash:role:2011" value="captions"/>
        \t\t\t<Representation id="2" bandwidth="256"><BaseURL>movie.en.vtt</BaseURL></Representation>
        \t\t</AdaptationSet>

        """)
    let run = ToolRun(["validate", manifest, "--no-audio", "--format", "json"])
    #expect(run.status == 1)
    let expected: [String] = [
      "38 dash.role error text adaptation set 2 has Role \"captions\", which "
        + "urn:mpeg:dash:role:2011 does not define",
      "37 dash.language error text adaptation set 2 has no lang; players cannot offer it by "
        + "the viewer's language",
      "15 dash.accessibility warning no text adaptation set is marked as captions (Role "
        + "caption, or Accessibility urn:tva:metadata:cs:AudioPurposeCS:2007 value 2); "
        + "players do not offer captions for the deaf and hard of hearing",
    ]
    let found = Array(try Self.findings(run).dropFirst())
    #expect(found == expected)
  }

  @Test(arguments: [
    (
      "../../../../etc/passwd",
      "text adaptation set 2 names ../../../../etc/passwd, outside the package folder; it is "
        + "not read"
    ),
    (
      "https://example.com/c.vtt",
      "text adaptation set 2 names a remote URL (https://example.com/c.vtt); only local "
        + "packages are read"
    ),
    ("missing.vtt", "text adaptation set 2 names missing.vtt, which does not exist"),
  ])
  func aTextAddressThatIsNotReadIsFound(address: String, message: String) throws {
    let folder = try TemporaryFolder()
    let manifest = try Self.package(
      in: folder,
      textSets: """
        \t\t<AdaptationSet id="2" contentType="text" mimeType="text/vtt" lang="en">
        \t\t\t<Representation id="2" bandwidth="256"><BaseURL>\(address)</BaseURL></Representation>
        \t\t</AdaptationSet>

        """)
    let run = ToolRun(["validate", manifest, "--no-audio", "--format", "json"])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(try Self.findings(run).contains("38 dash.uri error " + message), "\(run.stdout)")
    let json = try Self.json(run)
    #expect((json["tracks"] as? [[String: Any]])?.isEmpty == true)
  }

  @Test func aVideoAddressOutsideTheFolderStopsThePackage() throws {
    let folder = try TemporaryFolder()
    _ = try Self.package(in: folder, textSets: "")
    let plain = try String(contentsOfFile: folder.path + "/plain.mpd", encoding: .utf8)
    let manifest = try folder.file(
      "outside.mpd", plain.replacing("initialization=\"init-", with: "initialization=\"../init-"))
    let run = ToolRun(["validate", manifest, "--no-audio"])
    #expect(run.status == 65)
    #expect(run.stderr.contains("the package's media cannot be read ("), "\(run.stderr)")
  }

  @Test func aManifestThatIsNotXMLIsNotAPackage() throws {
    let folder = try TemporaryFolder()
    let broken = try folder.file("broken.mpd", "<MPD><Period></MPD>")
    let run = ToolRun(["validate", broken])
    #expect(run.status == 65)
    #expect(run.stderr.contains("\(broken): the manifest is not well-formed XML"), "\(run.stderr)")
  }
}
