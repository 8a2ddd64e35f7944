import CaptionCore
import Foundation
import Testing

@testable import CaptionFormats

/// HLS playlists read into their model, and their grammar problems found at their lines.
@Suite struct HLSPlaylistParserTests {
  static func parse(_ text: String, limits: HLSPlaylistParser.Limits = .init())
    -> HLSPlaylistParser.Result
  {
    HLSPlaylistParser.parse(Array(text.utf8), path: "p.m3u8", limits: limits)
  }

  /// Each finding as `line:column severity: message`.
  static func findings(_ result: HLSPlaylistParser.Result) -> [String] {
    result.diagnostics.map { diagnostic in
      let place = diagnostic.location.map { "\($0.line):\($0.column) " } ?? ""
      return "\(place)\(diagnostic.severity.rawValue): \(diagnostic.message)"
    }
  }

  /// What FFmpeg 5.1's HLS muxer writes as the multivariant playlist of a package with a
  /// subtitle group (`-var_stream_map "v:0,a:0,s:0,sgroup:subs"`).
  static let ffmpegMultivariant = """
    #EXTM3U
    #EXT-X-VERSION:6
    #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="subtitle_0",DEFAULT=YES,URI="out_0_vtt.m3u8"

    #EXT-X-STREAM-INF:BANDWIDTH=1284800,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2",SUBTITLES="subs"
    out_0.m3u8

    """

  @Test func readsTheRenditionsAndVariantsOfAMultivariantPlaylist() throws {
    let result = Self.parse(Self.ffmpegMultivariant)
    #expect(Self.findings(result) == [])
    guard case .multivariant(let playlist) = try #require(result.playlist) else {
      Issue.record("not a multivariant playlist")
      return
    }
    #expect(playlist.version == 6)
    #expect(playlist.renditions.count == 1)
    let subtitles = try #require(playlist.renditions.first)
    #expect(subtitles.type == "SUBTITLES")
    #expect(subtitles.groupID == "subs")
    #expect(subtitles.name == "subtitle_0")
    #expect(subtitles.language == nil)
    #expect(subtitles.isDefault && !subtitles.autoselect && !subtitles.forced)
    #expect(subtitles.uri == "out_0_vtt.m3u8")
    #expect(subtitles.line == 3)
    let variant = try #require(playlist.variants.first)
    #expect(variant.bandwidth == 1_284_800)
    #expect(variant.codecs == "avc1.64001e,mp4a.40.2")
    #expect(variant.resolution == "640x360")
    #expect(variant.subtitles == "subs")
    #expect(variant.closedCaptions == nil)
    #expect(variant.uri == "out_0.m3u8")
    #expect((variant.line, variant.uriLine) == (5, 6))
  }

  /// The bytes of `Fixtures/hls/name`.
  static func fixture(_ name: String) throws -> [UInt8] {
    let root = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    return [UInt8](try Data(contentsOf: root.appendingPathComponent("hls/" + name)))
  }

  @Test func readsAPackageWithAudioDescriptionSDHAndClosedCaptions() throws {
    let result = HLSPlaylistParser.parse(try Self.fixture("master.m3u8"), path: "master.m3u8")
    #expect(Self.findings(result) == [])
    guard case .multivariant(let playlist) = try #require(result.playlist) else {
      Issue.record("not a multivariant playlist")
      return
    }
    #expect(playlist.independentSegments)
    #expect(
      playlist.renditions.map { "\($0.type) \($0.groupID) \($0.language ?? "-") \($0.name)" } == [
        "AUDIO aud en English", "AUDIO aud en English (described)",
        "SUBTITLES subs en English (SDH)", "SUBTITLES subs es Español",
        "CLOSED-CAPTIONS cc en English CC",
      ])
    #expect(
      playlist.renditions[2].characteristics == [
        "public.accessibility.transcribes-spoken-dialog",
        "public.accessibility.describes-music-and-sound",
      ])
    #expect(playlist.renditions[1].characteristics == ["public.accessibility.describes-video"])
    #expect(playlist.renditions[4].instreamID == "CC1")
    #expect(playlist.renditions[4].uri == nil)
    #expect(playlist.variants.first?.closedCaptions == .group("cc"))
    #expect(playlist.variants.first?.audio == "aud")

    let media = HLSPlaylistParser.parse(try Self.fixture("subs_en.m3u8"))
    #expect(Self.findings(media) == [])
    guard case .media(let subtitles) = try #require(media.playlist) else {
      Issue.record("not a media playlist")
      return
    }
    #expect(subtitles.segments.map(\.uri) == ["subs_en_0.vtt", "subs_en_1.vtt", "subs_en_2.vtt"])
    #expect(subtitles.segmentStarts.map(\.value) == [0, 6_000_000, 12_000_000])
  }

  @Test func readsSegmentsWithExactDurations() throws {
    let result = Self.parse(
      """
      #EXTM3U
      #EXT-X-VERSION:3
      #EXT-X-TARGETDURATION:7
      #EXT-X-MEDIA-SEQUENCE:4
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXTINF:6.006,
      seg0.vtt
      #EXT-X-DISCONTINUITY
      #EXTINF:3.0000009,last one
      sub/seg1.vtt
      #EXT-X-ENDLIST

      """)
    #expect(Self.findings(result) == [])
    guard case .media(let playlist) = try #require(result.playlist) else {
      Issue.record("not a media playlist")
      return
    }
    #expect(playlist.targetDuration == 7)
    #expect(playlist.targetDurationLine == 3)
    #expect(playlist.mediaSequence == 4)
    #expect(playlist.playlistType == "VOD")
    #expect(playlist.hasEndList)
    #expect(playlist.segments.map(\.uri) == ["seg0.vtt", "sub/seg1.vtt"])
    #expect(playlist.segments.map(\.duration.value) == [6_006_000, 3_000_000])
    #expect(playlist.segments.map(\.title) == ["", "last one"])
    #expect(playlist.segments.map(\.discontinuity) == [false, true])
    #expect(playlist.segments.map(\.line) == [6, 9])
    #expect(playlist.segmentStarts.map(\.value) == [0, 6_006_000])
  }

  @Test func attributeListProblemsAreFoundAtTheirColumns() {
    let result = Self.parse(
      """
      #EXTM3U
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=subs,NAME="English",NAME="Again",URI="a.m3u8"
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en"
      #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="CC",URI="x.m3u8",DEFAULT=yes
      #EXT-X-MEDIA:type=AUDIO,GROUP-ID="a",NAME="x
      #EXT-X-STREAM-INF:RESOLUTION=1x1,SUBTITLES=subs,CLOSED-CAPTIONS=cc
      v.m3u8

      """)
    #expect(
      Self.findings(result) == [
        "2:58 error: attribute NAME is given twice; an attribute list names each once",
        "2:29 error: GROUP-ID is a quoted string",
        "3:1 error: #EXT-X-MEDIA has no NAME attribute, which it requires",
        "4:72 error: DEFAULT is YES or NO, not 'yes'",
        "4:59 error: a CLOSED-CAPTIONS rendition has a URI, which RFC 8216 forbids",
        "4:1 error: a CLOSED-CAPTIONS rendition has no INSTREAM-ID, which RFC 8216 requires",
        "5:14 error: an attribute name (A-Z, 0-9 and '-') is expected here, not 't'",
        "5:43 error: the quoted value of NAME has no closing quote",
        "5:1 error: #EXT-X-MEDIA has no TYPE attribute, which it requires",
        "6:1 error: #EXT-X-STREAM-INF has no BANDWIDTH attribute, which it requires",
        "6:49 error: CLOSED-CAPTIONS is a quoted group ID or NONE, not 'cc'",
        "6:34 error: SUBTITLES is a quoted group ID",
      ])
  }

  @Test func urisAndTagsOutOfPlaceAreFound() {
    let result = Self.parse(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      stray.vtt
      #EXTINF:six,
      a.vtt
      #EXTINF:6,
      #EXTINF:6,
      b.vtt
      #EXT-X-TARGETDURATION:8
      #EXT-X-TARGET-DURATION:8
      #EXT-X-STREAM-INF:BANDWIDTH=1
      #EXTINF:1,
      """)
    #expect(
      Self.findings(result) == [
        "3:1 error: URI 'stray.vtt' follows no #EXTINF or #EXT-X-STREAM-INF tag",
        "4:9 error: #EXTINF takes a duration in seconds (such as 6.006), not 'six,'",
        "7:1 error: #EXTINF comes before the URI of the tag on the line before",
        "9:1 error: #EXT-X-TARGETDURATION is given again (first on line 2); it may appear once",
        "10:1 remark: unknown tag #EXT-X-TARGET-DURATION; players ignore it",
        "12:1 error: #EXTINF comes before the URI of the tag on the line before",
        "12:1 error: the last #EXTINF has no URI line after it",
        "11:1 error: the playlist holds both media playlist tags (line 2) and multivariant "
          + "playlist tags (line 11); it must be one or the other",
      ])
  }

  @Test func aMediaPlaylistWithoutTargetDurationIsAnError() {
    let result = Self.parse("#EXTM3U\n#EXTINF:6,\na.vtt\n")
    #expect(
      Self.findings(result) == [
        "1:1 error: the media playlist has no #EXT-X-TARGETDURATION, which RFC 8216 requires"
      ])
  }

  @Test func notAPlaylistGivesNoPlaylist() {
    for text in ["", "WEBVTT\n", "#EXTM3U8\n", "\n#EXTM3U\n"] {
      let result = Self.parse(text)
      #expect(result.playlist == nil, "\(text)")
      #expect(result.diagnostics.allSatisfy { $0.severity == .error })
      #expect(result.diagnostics.count == 1)
    }
  }

  @Test func encodingAndLineEndsAreChecked() {
    // Latin-1 "é" in a NAME.
    var latin1 = Array("#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\",NAME=\"Fran".utf8)
    latin1 += [0xE7] + Array("ais\"\n".utf8)
    let notUTF8 = HLSPlaylistParser.parse(latin1, path: "p.m3u8")
    #expect(notUTF8.playlist == nil)
    #expect(
      Self.findings(notUTF8) == [
        "2:1 error: the playlist is not UTF-8 (byte 0xe7 at offset 55); not read"
      ])

    let bom = HLSPlaylistParser.parse(
      [0xEF, 0xBB, 0xBF] + Array("#EXTM3U\n#EXT-X-TARGETDURATION:6\n".utf8))
    #expect(
      Self.findings(bom) == [
        "1:1 error: the playlist starts with a byte order mark, which RFC 8216 forbids"
      ])
    #expect(bom.playlist != nil)

    let mixed = Self.parse("#EXTM3U\r\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\r\na.vtt\n")
    #expect(
      Self.findings(mixed) == [
        "2:1 warning: the playlist mixes line ends: line 2 ends with LF, line 1 with CR LF"
      ])
    guard case .media(let media) = mixed.playlist else {
      Issue.record("not read")
      return
    }
    #expect(media.segments.map(\.uri) == ["a.vtt"])

    let carriageReturn = Self.parse("#EXTM3U\n#EXT-X-TARGETDURATION:6\r#EXTINF:6,\na.vtt\n")
    #expect(
      Self.findings(carriageReturn).first
        == "2:24 error: a control character (0xd) in the line; RFC 8216 allows none")
  }

  @Test func limitsStopTheReadWithAnError() {
    var limits = HLSPlaylistParser.Limits()
    limits.segments = 2
    let segments = Self.parse(
      "#EXTM3U\n#EXT-X-TARGETDURATION:1\n"
        + String(repeating: "#EXTINF:1,\ns.vtt\n", count: 5), limits: limits)
    #expect(
      Self.findings(segments) == [
        "8:1 error: the playlist has more than 2 segments; the rest is not read"
      ])
    guard case .media(let media) = segments.playlist else {
      Issue.record("not read")
      return
    }
    #expect(media.segments.count == 2)

    limits = HLSPlaylistParser.Limits()
    limits.lines = 3
    #expect(
      Self.findings(Self.parse("#EXTM3U\n#EXT-X-TARGETDURATION:1\n\n\n\n", limits: limits)) == [
        "4:1 error: the playlist has more than 3 lines; the rest is not read"
      ])

    limits = HLSPlaylistParser.Limits()
    limits.lineLength = 25
    #expect(
      Self.findings(
        Self.parse(
          "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#" + String(repeating: "x", count: 30), limits: limits)
      )
        == ["3:1 error: line 3 is 31 bytes, over the limit of 25; skipped"])

    limits = HLSPlaylistParser.Limits()
    limits.bytes = 10
    let large = Self.parse("#EXTM3U\n#EXT-X-TARGETDURATION:1\n", limits: limits)
    #expect(large.playlist == nil)
    #expect(
      Self.findings(large) == [
        "error: the playlist is 32 bytes, over the limit of 10; not read"
      ])
  }

  @Test func durationsAreReadExactlyOrRefused() {
    #expect(HLSPlaylistParser.microseconds("6") == 6_000_000)
    #expect(HLSPlaylistParser.microseconds("0.5") == 500_000)
    #expect(HLSPlaylistParser.microseconds("10.0100019") == 10_010_001)
    for bad in ["", "-1", "1e3", ".5", "5.", "1,5", "+2", "1234567890123"] {
      #expect(HLSPlaylistParser.microseconds(Substring(bad)) == nil, "\(bad)")
    }
  }
}
