import CaptionKit
import Foundation
import Testing

/// HLS and DASH packages whose captions are CEA-608 data in the video: `validate` reads them
/// from the segments and holds them against the CLOSED-CAPTIONS renditions (HLS) or the
/// video's Accessibility descriptors (DASH).
@Suite(.serialized)
struct PackageClosedCaptionTests {
  /// The broadcast file's video and audio (CC1: two English captions) as 2-second TS
  /// segments of `v.m3u8` in `folder`, with `master` as the multivariant playlist.
  static func package(_ folder: TemporaryFolder, master: String) throws -> String {
    let media = try BroadcastMedia.file("news.ts")
    try MuxMediaMaker.run(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-y", "-i", media, "-map", "0:v", "-map", "0:a", "-c",
        "copy", "-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod",
        "-hls_segment_filename", folder.path + "/v_%d.ts", folder.path + "/v.m3u8",
      ])
    return try folder.file("master.m3u8", master)
  }

  static let header = "#EXTM3U\n#EXT-X-VERSION:6\n"
  static let variant =
    "#EXT-X-STREAM-INF:BANDWIDTH=300000,CODECS=\"avc1.64000c,mp4a.40.2\",CLOSED-CAPTIONS=\"cc\"\n"
    + "v.m3u8\n"

  static func rendition(_ name: String, _ id: String) -> String {
    "#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID=\"cc\",NAME=\"\(name)\",LANGUAGE=\"en\","
      + "AUTOSELECT=YES,INSTREAM-ID=\"\(id)\"\n"
  }

  /// The JSON report of `run`, after checking it has one track: the broadcast file's CC1, in
  /// English, with its two cues.
  static func reportWithTheCC1Track(_ run: ToolRun) throws -> [String: Any] {
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let tracks = try #require(json["tracks"] as? [[String: Any]])
    #expect(tracks.count == 1)
    #expect(tracks.first?["channel"] as? String == "CC1")
    #expect(tracks.first?["language"] as? String == "en")
    #expect(tracks.first?["cueCount"] as? Int == 2)
    return json
  }

  @Test func declaredCaptionsInTheVideoAreATrack() throws {
    let folder = try TemporaryFolder()
    // Two renditions of CC1 (by two names) give one track.
    let master = try Self.package(
      folder,
      master: Self.header + Self.rendition("English", "CC1") + Self.rendition("Captions", "CC1")
        + Self.variant)
    let run = ToolRun(["validate", master, "--format", "json"])
    #expect(run.status == 0, "\(run.stdout)")
    let json = try Self.reportWithTheCC1Track(run)
    let rules = (json["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
    #expect(!rules.contains("coverage.no-captions"))
    #expect(!rules.contains("hls.closed-captions"))
    let verdicts = try #require(json["wcag"] as? [[String: Any]])
    #expect(
      verdicts.first { $0["criterion"] as? String == "1.2.2" }?["status"] as? String == "pass")
  }

  @Test func aDeclaredChannelTheVideoLacksAndAnUndeclaredOneAreFound() throws {
    let folder = try TemporaryFolder()
    let master = try Self.package(
      folder, master: Self.header + Self.rendition("English", "CC3") + Self.variant)
    let run = ToolRun(["validate", master, "--no-audio"])
    #expect(run.status == 1)
    #expect(
      run.stdout.contains(
        "master.m3u8:3:1: error: CLOSED-CAPTIONS rendition 'English' declares INSTREAM-ID "
          + "\"CC3\", but the video of variant v.m3u8 carries no CC3 captions; players offer a "
          + "choice that shows nothing [hls.closed-captions]"), "\(run.stdout)")
    #expect(
      run.stdout.contains(
        "master.m3u8:4:1: warning: the video of variant v.m3u8 carries CC1 captions (2 cues) "
          + "that no rendition of CLOSED-CAPTIONS group 'cc' declares; players do not offer "
          + "them [hls.closed-captions]"), "\(run.stdout)")
    #expect(run.stdout.contains("[coverage.no-captions]"), "\(run.stdout)")

    // Without a CLOSED-CAPTIONS attribute, the captions count, with a warning.
    let bare = try folder.file(
      "bare.m3u8", Self.header + "#EXT-X-STREAM-INF:BANDWIDTH=300000\nv.m3u8\n")
    let undeclared = ToolRun(["validate", bare, "--no-audio"])
    #expect(
      undeclared.stdout.contains(
        "bare.m3u8:3:1: warning: the video of variant v.m3u8 carries CC1 captions (2 cues), but "
          + "the variant names no CLOSED-CAPTIONS group; players that list captions from the "
          + "playlist do not offer them [hls.closed-captions]"), "\(undeclared.stdout)")
    #expect(!undeclared.stdout.contains("coverage.no-captions"), "\(undeclared.stdout)")
  }

  @Test func dashDeclarationsNameTheCaptionsAndOneTheVideoLacksIsFound() throws {
    let folder = try TemporaryFolder()
    let media = try BroadcastMedia.file("news.ts")
    try MuxMediaMaker.run(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-y", "-i", media, "-map", "0:v", "-map", "0:a", "-c",
        "copy", "-tag:v", "avc1", "-tag:a", "mp4a", "-f", "dash", "-seg_duration", "2",
        folder.path + "/written.mpd",
      ])
    var manifest = try folder.contents("written.mpd")
    let video = try #require(manifest.range(of: "<AdaptationSet id=\"0\""))
    let end = try #require(manifest[video.upperBound...].firstIndex(of: ">"))
    manifest.insert(
      contentsOf: "\n<Accessibility schemeIdUri=\"urn:scte:dash:cc:cea-608:2015\" "
        + "value=\"CC1=eng\"/>\n<Accessibility schemeIdUri=\"urn:scte:dash:cc:cea-708:2015\" "
        + "value=\"1=lang:eng\"/>", at: manifest.index(after: end))
    let path = try folder.file("manifest.mpd", manifest)
    let run = ToolRun(["validate", path, "--format", "json"])
    #expect(run.status == 1, "\(run.stdout)")
    let json = try Self.reportWithTheCC1Track(run)
    let messages = (json["diagnostics"] as? [[String: Any]] ?? []).filter {
      $0["rule"] as? String == "dash.accessibility"
    }.compactMap { $0["message"] as? String }
    #expect(
      messages == [
        "the video is declared to carry SERVICE1 captions, but it carries none; players offer "
          + "a choice that shows nothing"
      ])
    let verdicts = try #require(json["wcag"] as? [[String: Any]])
    #expect(
      verdicts.first { $0["criterion"] as? String == "1.2.2" }?["status"] as? String == "pass")

    // Undeclared, the captions are still a track, with a warning.
    let plain = ToolRun(["validate", folder.path + "/written.mpd", "--no-audio"])
    #expect(
      plain.stdout.contains(
        "warning: the video carries CC1 captions (2 cues) that no Accessibility descriptor "
          + "declares; players do not know their language [dash.accessibility]"),
      "\(plain.stdout)")
    #expect(!plain.stdout.contains("coverage.no-captions"), "\(plain.stdout)")
  }
}
