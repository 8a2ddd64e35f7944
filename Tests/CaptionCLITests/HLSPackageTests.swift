import CaptionKit
import CaptionTestSupport
import Foundation
import Testing

@testable import CaptionCLI
@testable import CaptionKit

/// `validate` on local HLS packages: FFmpeg's own package (its flaws found), the same package
/// fixed by hand (clean), and hostile playlists (refused without reading outside the folder).
@Suite(.serialized)
struct HLSPackageTests {
  static let captions = """
    WEBVTT

    00:00:01.000 --> 00:00:02.500
    Hello there.

    00:00:03.500 --> 00:00:05.000
    Across the boundary.

    00:00:06.000 --> 00:00:07.000
    Last words.

    """

  /// The package the issue's command writes: 8 seconds of H.264 (no B-frames, so the video
  /// starts at FFmpeg's mux delay, 1.4 s) and AAC, 2-second segments, one subtitle group.
  static func ffmpegPackage(in folder: TemporaryFolder) throws -> String {
    let movie = folder.path + "/movie.mp4"
    try MuxMediaMaker.run(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=160x90:r=25:d=8",
        "-f", "lavfi", "-i", "sine=d=8", "-c:v", "libx264", "-bf", "0", "-g", "50", "-c:a",
        "aac", "-shortest", movie,
      ])
    let vtt = try folder.file("movie.en.vtt", captions)
    try FileManager.default.createDirectory(
      atPath: folder.path + "/pkg", withIntermediateDirectories: true)
    try MuxMediaMaker.run(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-y", "-i", movie, "-i", vtt, "-map", "0:v", "-map", "0:a",
        "-map", "1", "-c:v", "copy", "-c:a", "copy", "-c:s", "webvtt", "-f", "hls", "-hls_time",
        "2", "-hls_playlist_type", "vod", "-master_pl_name", "master.m3u8", "-var_stream_map",
        "v:0,a:0,s:0,sgroup:subs", folder.path + "/pkg/out_%v.m3u8",
      ])
    return folder.path + "/pkg/master.m3u8"
  }

  /// The first PTS of the package's video, as ffprobe reads it from the first TS segment, in
  /// 90 kHz ticks.
  static func videoStart(_ folder: TemporaryFolder) throws -> Int {
    let output = try MuxMediaMaker.run(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=start_pts", "-of",
        "csv=p=0", folder.path + "/pkg/out_00.ts",
      ])
    return try #require(output.split(separator: "\n").first.flatMap { Int($0) })
  }

  static func json(_ run: ToolRun) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
  }

  static func diagnostics(_ json: [String: Any]) -> [[String: Any]] {
    json["diagnostics"] as? [[String: Any]] ?? []
  }

  /// `rule severity message` of each package finding (`hls.`).
  static func packageFindings(_ json: [String: Any]) -> [String] {
    diagnostics(json).compactMap { item in
      guard let rule = item["rule"] as? String, rule.hasPrefix("hls.") || rule == "parse.hls"
      else { return nil }
      return "\(rule) \(item["severity"] as? String ?? "") \(item["message"] as? String ?? "")"
    }
  }

  @Test func ffmpegsPackageLacksLanguageCharacteristicsAndATimestampMap() throws {
    let folder = try TemporaryFolder()
    let master = try Self.ffmpegPackage(in: folder)
    let run = ToolRun(["validate", master, "--no-audio", "--format", "json"])
    #expect(run.status == 1, "\(run.stderr)")
    let json = try Self.json(run)
    let segments = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/pkg")
      .filter { $0.hasSuffix(".vtt") }.count
    // FFmpeg's TS muxer delays the video by 1.4 s (and the audio's priming a little more).
    let start = try Self.videoStart(folder)
    #expect((126000...130000).contains(start))
    let milliseconds = (start + 45) / 90
    let offset = "-\(milliseconds / 1000).\(String(milliseconds % 1000 + 1000).dropFirst())"
    #expect(
      Self.packageFindings(json) == [
        "hls.language error SUBTITLES rendition 'subtitle_0' has no LANGUAGE; players cannot "
          + "offer it by the viewer's language",
        "hls.name warning SUBTITLES rendition 'subtitle_0': NAME \"subtitle_0\" is not a name "
          + "a viewer understands; players show it in their menus",
        "hls.flags error SUBTITLES rendition 'subtitle_0' has DEFAULT=YES without "
          + "AUTOSELECT=YES, which RFC 8216 requires",
        "hls.characteristics warning no rendition is marked as captions for deaf and "
          + "hard-of-hearing viewers: no SUBTITLES rendition has CHARACTERISTICS "
          + "\"public.accessibility.transcribes-spoken-dialog,"
          + "public.accessibility.describes-music-and-sound\" and there are no CLOSED-CAPTIONS",
        "hls.timestamp-map error the cues of SUBTITLES rendition 'subtitle_0' in \(segments) "
          + "segments from out_00.vtt show \(offset) s from where they belong: there is no "
          + "X-TIMESTAMP-MAP, so LOCAL 0 is MPEG-TS 0, and the video starts later",
      ])
    // The findings point at the playlist line, or at the segment.
    let located = Self.diagnostics(json).filter {
      ($0["rule"] as? String)?.hasPrefix("hls.") ?? false
    }
    #expect(located.first?["file"] as? String == master)
    #expect(located.first?["line"] as? Int == 3)
    #expect(located.last?["file"] as? String == folder.path + "/pkg/out_00.vtt")
    // The rendition is a track, its cues where a player shows them: 1.4 s early.
    let tracks = try #require(json["tracks"] as? [[String: Any]])
    #expect(tracks.map { $0["path"] as? String } == [folder.path + "/pkg/out_0_vtt.m3u8"])
    #expect(tracks.first?["cueCount"] as? Int == 3)
  }

  @Test func theSamePackageFixedByHandValidatesWithoutErrors() throws {
    let folder = try TemporaryFolder()
    let master = try Self.ffmpegPackage(in: folder)
    let fixed = try String(contentsOfFile: master, encoding: .utf8).replacing(
      "NAME=\"subtitle_0\",DEFAULT=YES,",
      with: "NAME=\"English (CC)\",LANGUAGE=\"en\",DEFAULT=YES,AUTOSELECT=YES,CHARACTERISTICS="
        + "\"public.accessibility.transcribes-spoken-dialog,"
        + "public.accessibility.describes-music-and-sound\",")
    try fixed.write(toFile: master, atomically: true, encoding: .utf8)
    let pkg = folder.path + "/pkg"
    let start = try Self.videoStart(folder)
    for name in try FileManager.default.contentsOfDirectory(atPath: pkg)
    where name.hasSuffix(".vtt") {
      let path = pkg + "/" + name
      let text = try String(contentsOfFile: path, encoding: .utf8).replacing(
        "WEBVTT\n", with: "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\(start),LOCAL:00:00:00.000\n")
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    let run = ToolRun(["validate", master, "--no-audio", "--format", "json"])
    let json = try Self.json(run)
    // What is left are warnings: FFmpeg's segmenter puts a cue only in the segment where it
    // starts, so the two cues that cross a boundary are not repeated in the next segment.
    let left = Self.packageFindings(json)
    #expect(left.count == 2, "\(run.stdout)")
    #expect(
      left.allSatisfy {
        $0.hasPrefix("hls.segment-cues warning the cue at ")
          && $0.hasSuffix(
            " but is not repeated there; a viewer who starts or seeks into that segment does "
              + "not see it")
      }, "\(left)")
    #expect(left.first?.contains("runs past the end of segment out_00.vtt into out_01.vtt") == true)
    #expect(!Self.diagnostics(json).contains { $0["severity"] as? String == "error" })
    #expect(run.status == 0)
    let tracks = try #require(json["tracks"] as? [[String: Any]])
    #expect(tracks.first?["language"] as? String == "en")
    #expect(tracks.first?["kind"] as? String == "sdh")
    #expect(tracks.first?["cueCount"] as? Int == 3)
    // A folder holding the package is the package: its segments are not inputs of their own.
    let whole = ToolRun(["validate", pkg, "--no-audio"])
    #expect(whole.status == 0, "\(whole.stdout)")
    #expect(
      whole.stdout.contains("checked 1 media file and 1 track: 0 errors, "), "\(whole.stdout)")
  }

  /// Each file under `path` (relative) with its bytes.
  static func snapshot(_ path: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: path)
    while let name = enumerator?.nextObject() as? String {
      var isFolder: ObjCBool = false
      FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isFolder)
      if !isFolder.boolValue {
        files[name] = try Data(contentsOf: URL(fileURLWithPath: path + "/" + name))
      }
    }
    return files
  }

  @Test func packageFixesFFmpegsPackageWhichThenValidatesWithoutErrors() throws {
    let folder = try TemporaryFolder()
    let master = try Self.ffmpegPackage(in: folder)
    let spanish = try folder.file(
      "movie.es.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHola.\n")
    let before = try Self.snapshot(folder.path + "/pkg")
    let output = folder.path + "/fixed"
    let run = ToolRun([
      "package", master, "--track", folder.path + "/movie.en.vtt:kind=sdh:default", "--track",
      spanish, "-o", output,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let segments = before.keys.filter { $0.hasSuffix(".ts") }.count
    #expect(
      run.stdout
        == "\(output): \(segments + 1) files of the package linked, subtitles/en-1.m3u8 "
        + "(English (CC), \(segments) segments), subtitles/es-2.m3u8 (Español, \(segments) "
        + "segments)\n")
    // The input is not changed, and no audio or video segment is rewritten.
    #expect(try Self.snapshot(folder.path + "/pkg") == before)
    let after = try Self.snapshot(output)
    for (name, bytes) in before where name.hasSuffix(".ts") { #expect(after[name] == bytes) }
    #expect(!FileManager.default.fileExists(atPath: output + ".partial-\(getpid())"))

    let check = ToolRun(["validate", output + "/master.m3u8", "--no-audio", "--format", "json"])
    let json = try Self.json(check)
    #expect(Self.packageFindings(json) == [], "\(check.stdout)")
    #expect(!Self.diagnostics(json).contains { $0["severity"] as? String == "error" })
    #expect(check.status == 0)

    // Read back, cue for cue: the times and texts of the caption files.
    var notes: [String] = []
    let input = try HLSPackage.read(
      output + "/master.m3u8", reader: CaptionFileReader(), audio: .off, notes: &notes)
    let cues = input.results.map { result in
      result.track.cues.map { "\($0.start.milliseconds) \($0.end.milliseconds) \($0.rawText)" }
    }
    #expect(
      cues == [
        ["1000 2500 Hello there.", "3500 5000 Across the boundary.", "6000 7000 Last words."],
        ["1000 2500 Hola."],
      ])
    #expect(input.results.map { $0.track.language?.rawValue } == ["en", "es"])

    // Written again over the result: refused, and nothing changes.
    let again = ToolRun(["package", master, "--track", spanish, "-o", output])
    #expect(again.status == 73)
    #expect(again.stderr.contains("\(output) exists; nothing was written"), "\(again.stderr)")
    #expect(try Self.snapshot(output) == after)
  }

  @Test func batchTakesAFolderHoldingAPackageAsOneInput() throws {
    let folder = try TemporaryFolder()
    _ = try Self.ffmpegPackage(in: folder)
    let run = ToolRun(["batch", folder.path, "--no-audio"])
    let lines = run.stdout.split(separator: "\n").map(String.init)
    let inputs = try lines.map { line -> String in
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return try #require(object["input"] as? String)
    }
    // The package and the movie beside it (with its sidecar); no playlist or segment alone.
    #expect(
      inputs.sorted() == [folder.path + "/movie.mp4", folder.path + "/pkg/master.m3u8"],
      "\(run.stdout)")
    let package = try #require(
      lines.first { $0.contains("\"input\":\"\(folder.path)/pkg/master.m3u8\"") })
    #expect(package.contains("\"rule\":\"hls.timestamp-map\""))
    #expect(
      run.stderr.hasSuffix("batch: 2 checked: 1 ok, 1 with findings, 0 could not be read\n"),
      "\(run.stderr)")
  }

  @Test func packageRefusesWhatItCannotWrite() throws {
    let folder = try TemporaryFolder()
    let master = try Self.ffmpegPackage(in: folder)
    let unnamed = try folder.file("captions.vtt", Self.captions)
    let noLanguage = ToolRun(["package", master, "--track", unnamed, "-o", folder.path + "/o"])
    #expect(noLanguage.status == 64)
    #expect(
      noLanguage.stderr.hasPrefix(
        "error: the language of \(unnamed) is not known; HLS renditions need one\n"))
    let broken = try folder.file(
      "broken.m3u8", "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n../x.m3u8\n")
    let outside = ToolRun([
      "package", broken, "--track", folder.path + "/movie.en.vtt", "-o", folder.path + "/o",
    ])
    #expect(outside.status == 65)
    #expect(outside.stderr.contains("../x.m3u8 is outside the package folder"), "\(outside.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/o"))
    // A missing playlist is a missing input.
    let missing = ToolRun([
      "package", folder.path + "/none.m3u8", "--track", folder.path + "/movie.en.vtt", "-o",
      folder.path + "/o",
    ])
    #expect(missing.status == 66)
    #expect(missing.stderr.hasPrefix("error: \(folder.path)/none.m3u8: no such file\n"))
  }

  @Test func aCueTheReaderDroppedMakesTheStatusOneButThePackageIsWritten() throws {
    let folder = try TemporaryFolder()
    let master = try Self.ffmpegPackage(in: folder)
    let track = try folder.file(
      "partial.en.vtt",
      "WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nLost\n\n00:00:03.000 --> 00:00:04.000\nKept\n")
    let run = ToolRun(["package", master, "--track", track, "-o", folder.path + "/o"])
    #expect(run.status == 1)
    #expect(run.stderr.contains("the cue is dropped [parse.webvtt]"))
    #expect(FileManager.default.fileExists(atPath: folder.path + "/o/master.m3u8"))
    let anyway = ToolRun([
      "package", master, "--track", track, "-o", folder.path + "/o2", "--fail-on", "never",
    ])
    #expect(anyway.status == 0)
  }

  /// A multivariant playlist whose subtitle rendition is `uri`, with one variant.
  static func hostile(_ folder: TemporaryFolder, subtitles uri: String) throws -> String {
    try MuxMediaMaker.run(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=64x36:r=25:d=2",
        "-c:v", "libx264", folder.path + "/v0.ts",
      ])
    _ = try folder.file(
      "v.m3u8", "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nv0.ts\n#EXT-X-ENDLIST\n")
    return try folder.file(
      "master.m3u8",
      "#EXTM3U\n#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"s\",NAME=\"English\",LANGUAGE=\"en\","
        + "URI=\"\(uri)\"\n#EXT-X-STREAM-INF:BANDWIDTH=1000,SUBTITLES=\"s\"\nv.m3u8\n")
  }

  @Test(arguments: [
    (
      "../../../../../../etc/passwd",
      "SUBTITLES rendition 'English' names ../../../../../../etc/passwd, outside the package "
        + "folder; it is not read"
    ),
    (
      "/etc/passwd",
      "SUBTITLES rendition 'English' names /etc/passwd, outside the package folder; it is not read"
    ),
    (
      "https://example.com/subs.m3u8",
      "SUBTITLES rendition 'English' names a remote URI (https://example.com/subs.m3u8); only "
        + "local packages are read"
    ),
    ("subs.m3u8", "SUBTITLES rendition 'English' names subs.m3u8, which does not exist"),
    (
      "master.m3u8",
      "SUBTITLES rendition 'English' names master.m3u8, a multivariant playlist, where a media "
        + "playlist belongs; it is not followed"
    ),
  ])
  func hostileURIsAreRefusedWithAFinding(uri: String, message: String) throws {
    let folder = try TemporaryFolder()
    let master = try Self.hostile(folder, subtitles: uri)
    let run = ToolRun(["validate", master, "--no-audio", "--format", "json"])
    #expect(run.status == 1, "\(run.stderr)")
    let json = try Self.json(run)
    let uris = Self.diagnostics(json).filter { $0["rule"] as? String == "hls.uri" }
    let refusal = uris.first { $0["message"] as? String == message }
    #expect(refusal?["line"] as? Int == 2, "\(run.stdout)")
    #expect((json["tracks"] as? [[String: Any]])?.isEmpty == true)
  }

  @Test func cuesOutsideTheirSegmentAndAPlaylistLongerThanTheVideoAreFound() throws {
    let folder = try TemporaryFolder()
    let master = try Self.hostile(folder, subtitles: "subs.m3u8")
    let probe = try MuxMediaMaker.run(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=start_pts", "-of",
        "csv=p=0", folder.path + "/v0.ts",
      ])
    let start = try #require(probe.split(separator: "\n").first.flatMap { Int($0) })
    let map = "X-TIMESTAMP-MAP=MPEGTS:\(start),LOCAL:00:00:00.000"
    // The video lasts 2 s; the subtitles claim 6 s, and segment 0 holds a cue of 3-3.5 s.
    _ = try folder.file(
      "subs.m3u8",
      "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:2,\ns0.vtt\n"
        + "#EXTINF:2,\ns1.vtt\n#EXTINF:2,\ns2.vtt\n#EXT-X-ENDLIST\n")
    _ = try folder.file("s0.vtt", "WEBVTT\n\(map)\n\n00:03.000 --> 00:03.500\nLate\n")
    _ = try folder.file("s1.vtt", "WEBVTT\n\(map)\n\n00:03.000 --> 00:03.500\nLate\n")
    _ = try folder.file("s2.vtt", "WEBVTT\n\(map)\n")
    let run = ToolRun(["validate", master, "--no-audio", "--format", "json"])
    let json = try Self.json(run)
    #expect(
      Self.packageFindings(json).filter { !$0.hasPrefix("hls.characteristics") } == [
        "hls.segment-cues warning segment s0.vtt of SUBTITLES rendition 'English' holds the "
          + "cue at 3.000-3.500 s, outside its own time (0.000-2.000 s); players that load "
          + "segments by time may never show it",
        "hls.media-playlist warning the segments of SUBTITLES rendition 'English' last 6.000 s, "
          + "the video's 2.000 s: they do not cover the same programme",
      ], "\(run.stdout)")
    // The cue in both segments is one cue.
    #expect((json["tracks"] as? [[String: Any]])?.first?["cueCount"] as? Int == 1)
  }

  @Test func aSymbolicLinkOutOfTheFolderIsNotFollowed() throws {
    let folder = try TemporaryFolder()
    let outside = try TemporaryFolder()
    _ = try outside.file(
      "secret.m3u8", "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\ns.vtt\n#EXT-X-ENDLIST\n")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/subs.m3u8", withDestinationPath: outside.path + "/secret.m3u8")
    let master = try Self.hostile(folder, subtitles: "subs.m3u8")
    let run = ToolRun(["validate", master, "--no-audio", "--format", "json"])
    let json = try Self.json(run)
    #expect(
      Self.diagnostics(json).contains {
        $0["message"] as? String
          == "SUBTITLES rendition 'English' names subs.m3u8, outside the package folder; it is "
          + "not read"
      }, "\(run.stdout)")
  }

  @Test func aPackageWhoseMediaCannotBeReadIsNotChecked() throws {
    let folder = try TemporaryFolder()
    _ = try folder.file(
      "v.m3u8", "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nv0.ts\n#EXT-X-ENDLIST\n")
    let master = try folder.file(
      "master.m3u8", "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\nv.m3u8\n")
    let run = ToolRun(["validate", master, "--no-audio"])
    #expect(run.status == 65)
    #expect(
      run.stderr.contains(
        "\(master): no variant's media can be read (\(folder.path)/v.m3u8: segment names v0.ts, "
          + "which does not exist); the package is not checked"), "\(run.stderr)")
  }

  @Test func aRemotePackageOrAMediaPlaylistIsNotAPackage() throws {
    let remote = ToolRun(["validate", "https://example.com/master.m3u8"])
    #expect(remote.status == 65)
    #expect(
      remote.stderr.contains(
        "https://example.com/master.m3u8: remote packages are not read; give the path of a "
          + "local copy"), "\(remote.stderr)")
    let folder = try TemporaryFolder()
    let media = try folder.file(
      "subs.m3u8", "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\ns.vtt\n#EXT-X-ENDLIST\n")
    let run = ToolRun(["validate", media])
    #expect(run.status == 65)
    #expect(
      run.stderr.contains(
        "\(media) is a media playlist; validate the multivariant playlist that names it"),
      "\(run.stderr)")
    let latin1 = try folder.file(
      "l.m3u8",
      bytes: Array("#EXTM3U\n#EXT-X-MEDIA:NAME=\"Fran".utf8) + [0xE7] + Array("ais\"\n".utf8))
    let notUTF8 = ToolRun(["validate", latin1])
    #expect(notUTF8.status == 65)
    #expect(notUTF8.stderr.contains("the playlist is not UTF-8"), "\(notUTF8.stderr)")
  }

  @Test func damagedSegmentsAreFoundWhenTheSegmentsAreRead() throws {
    let folder = try TemporaryFolder()
    let master = try Self.ffmpegPackage(in: folder)
    // Garbage over the middle of the second TS segment.
    let segment = folder.path + "/pkg/out_01.ts"
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: segment)))
    var generator = SeededGenerator(seed: 3)
    for start in stride(from: 2000, to: bytes.count - 2000, by: 1880) {
      for index in start..<start + 300 {
        bytes[index] = UInt8.random(in: 0...255, using: &generator)
      }
    }
    try Data(bytes).write(to: URL(fileURLWithPath: segment))
    let run = ToolRun(["validate", master, "--format", "json"])
    #expect(run.status == 1, "\(run.stderr)")
    let damage = Self.diagnostics(try Self.json(run)).filter {
      $0["rule"] as? String == "container.damaged"
    }
    #expect(!damage.isEmpty)
    #expect(damage.allSatisfy { $0["file"] as? String == master })
    #expect(
      damage.contains { ($0["message"] as? String ?? "").contains("corrupt packet at 00:00:0") })
    // Without the speech, the segments are still read for the closed captions an H.264
    // video can carry, and the damage is seen.
    let quiet = ToolRun(["validate", master, "--no-audio", "--format", "json"])
    #expect(
      Self.diagnostics(try Self.json(quiet)).contains {
        $0["rule"] as? String == "container.damaged"
      })
  }
}
