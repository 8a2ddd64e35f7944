import CFFmpeg
import CaptionCore
import CaptionRuntime
import Foundation
import Testing

@testable import CaptionMedia

@Suite("MediaSubtitles", .serialized)
struct MediaSubtitlesTests {
  static let srt = """
    1
    00:00:00,500 --> 00:00:01,750
    <i>Hello</i> there

    2
    00:00:02,000 --> 00:00:03,250
    Line one
    Line two

    3
    00:00:03,500 --> 00:00:04,900
    {\\an8}Top & <b>bold</b>

    """

  static let ass = """
    [Script Info]
    ScriptType: v4.00+
    PlayResX: 160
    PlayResY: 90

    [V4+ Styles]
    Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, \
    BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, \
    BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
    Style: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,\
    1,1,0,2,10,10,10,1

    [Events]
    Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
    Dialogue: 0,0:00:00.25,0:00:01.00,Default,,0,0,0,,{\\i1}Bonjour{\\i0}, {\\b1}toi{\\b0}
    Dialogue: 0,0:00:01.50,0:00:02.75,Default,Anna,0,0,0,,{\\pos(80,10)\\fs12}Une ligne\\Net une autre
    Dialogue: 0,0:00:03.10,0:00:04.20,Default,,0,0,0,,{\\an8}En haut
    Dialogue: 0,0:00:04.20,0:00:04.90,Default,,0,0,0,,{\\p1}m 0 0 l 10 0 10 10{\\p0}Fin

    """

  static let vtt = """
    WEBVTT

    intro
    00:00:00.750 --> 00:00:01.500 line:0
    <v Anna>Guten <i>Tag</i></v>

    00:00:02.125 --> 00:00:03.000
    Zwei &amp; drei
    Zeilen

    """

  /// Each cue as `start --> end[ line:N] raw text`, with the cue id in brackets when it has one.
  static func dump(_ track: Track) -> [String] {
    track.cues.map { cue in
      let id = cue.id.isEmpty ? "" : "[\(cue.id)] "
      let line = cue.settings.line.map { " line:\(Int($0))" } ?? ""
      return "\(id)\(cue.start) --> \(cue.end)\(line) \(cue.rawText)"
    }
  }

  /// The SRT sample as a container without positions keeps it.
  static let srtCues = [
    "00:00:00.500 --> 00:00:01.750 <i>Hello</i> there",
    "00:00:02.000 --> 00:00:03.250 Line one\nLine two",
    "00:00:03.500 --> 00:00:04.900 Top &amp; <b>bold</b>",
  ]

  @Test func readsMovTextFromMP4InItsTimeBase() throws {
    let folder = try SubtitleMediaFolder()
    try folder.write("a.srt", Self.srt)
    let media = try folder.makeMedia(
      "movie.mp4",
      subtitles: [
        .init(file: "a.srt", codec: "mov_text", language: "eng", disposition: "hearing_impaired")
      ])
    let read = try MediaSubtitles.read(path: media)
    #expect(read.diagnostics == [])
    #expect(
      read.streams == [
        SubtitleStream(
          index: 2, codec: "mov_text", language: LanguageTag("en"), kind: .sdh,
          disposition: [.default, .hearingImpaired, .captions], content: .text)
      ])
    let track = try #require(read.tracks.first)
    #expect(read.tracks.count == 1)
    #expect(Self.dump(track) == Self.srtCues)
    #expect(track.source == .embedded)
    #expect(track.stream == 2)
    #expect(track.path == media)
    #expect(track.language == LanguageTag("en"))
    #expect(track.kind == .sdh)
    // MP4 keeps the time base FFmpeg chose, microseconds: the times are in it, exactly.
    #expect(track.cues.map(\.start.timescale) == [1_000_000, 1_000_000, 1_000_000])
    #expect(track.cues[1].end == MediaTime(value: 3_250_000, timescale: 1_000_000))
    // Italics and bold are kept as cue text elements.
    #expect(
      track.cues[0].text.nodes == [
        .element(CueElement(kind: .italic, children: [.text("Hello")])), .text(" there"),
      ])
    #expect(track.cues[1].text.plainString == "Line one\nLine two")
  }

  @Test func readsSubripASSAndWebVTTFromOneMatroskaFile() throws {
    let folder = try SubtitleMediaFolder()
    try folder.write("a.srt", Self.srt)
    try folder.write("a.ass", Self.ass)
    try folder.write("a.vtt", Self.vtt)
    let media = try folder.makeMedia(
      "movie.mkv",
      subtitles: [
        .init(file: "a.srt", codec: "subrip", language: "eng", disposition: "forced"),
        .init(
          file: "a.ass", codec: "ass", language: "fre", title: "Français", disposition: "default"),
        .init(file: "a.vtt", codec: "webvtt", language: "ger"),
      ])
    let read = try MediaSubtitles.read(path: media)
    #expect(read.diagnostics == [])
    #expect(read.tracks.map(\.stream) == [2, 3, 4])
    #expect(read.tracks.map { $0.language?.rawValue } == ["en", "fr", "de"])
    #expect(read.tracks.map(\.kind) == [.forced, .subtitles, .subtitles])
    #expect(read.streams.map(\.codec) == ["subrip", "ass", "webvtt"])
    #expect(read.streams[1].title == "Français")
    #expect(read.tracks.allSatisfy { $0.cues.allSatisfy { $0.start.timescale == 1000 } })
    // Matroska keeps SubRip's {\an8} through the ASS the decoder gives.
    #expect(
      Self.dump(read.tracks[0]) == [
        "00:00:00.500 --> 00:00:01.750 <i>Hello</i> there",
        "00:00:02.000 --> 00:00:03.250 Line one\nLine two",
        "00:00:03.500 --> 00:00:04.900 line:0 Top &amp; <b>bold</b>",
      ])
    #expect(
      Self.dump(read.tracks[1]) == [
        "00:00:00.250 --> 00:00:01.000 <i>Bonjour</i>, <b>toi</b>",
        "00:00:01.500 --> 00:00:02.750 Une ligne\net une autre",
        "00:00:03.100 --> 00:00:04.200 line:0 En haut",
        "00:00:04.200 --> 00:00:04.900 Fin",
      ])
    // Re-encoded by FFmpeg (`-c:s webvtt`), the cues lost their identifiers, settings and
    // voices before they were stored.
    #expect(
      Self.dump(read.tracks[2]) == [
        "00:00:00.750 --> 00:00:01.500 Guten <i>Tag</i>",
        "00:00:02.125 --> 00:00:03.000 Zwei &amp; drei\nZeilen",
      ])

    // Asking for one stream reads only that one.
    let one = try MediaSubtitles.read(path: media, streams: [3])
    #expect(one.tracks.map(\.stream) == [3])
    #expect(Self.dump(one.tracks[0]) == Self.dump(read.tracks[1]))
    #expect(one.streams.count == 3)
    #expect(try MediaSubtitles.read(path: media, streams: [0, 1]).tracks == [])
  }

  @Test func readsWebVTTFromWebMAndMovTextFromMOV() throws {
    let folder = try SubtitleMediaFolder()
    try folder.write("a.vtt", Self.vtt)
    try folder.write("a.srt", Self.srt)
    let webm = try folder.makeMedia(
      "movie.webm",
      subtitles: [.init(file: "a.vtt", codec: "webvtt", language: "kor", disposition: "captions")])
    let fromWebM = try MediaSubtitles.read(path: webm)
    #expect(fromWebM.tracks.map { $0.language?.rawValue } == ["ko"])
    #expect(fromWebM.tracks.map(\.kind) == [.captions])
    #expect(
      Self.dump(try #require(fromWebM.tracks.first)) == [
        "00:00:00.750 --> 00:00:01.500 Guten <i>Tag</i>",
        "00:00:02.125 --> 00:00:03.000 Zwei &amp; drei\nZeilen",
      ])
    let mov = try folder.makeMedia(
      "movie.mov", subtitles: [.init(file: "a.srt", codec: "mov_text")])
    let fromMOV = try MediaSubtitles.read(path: mov)
    #expect(fromMOV.tracks.map(\.language) == [nil])
    #expect(Self.dump(try #require(fromMOV.tracks.first)) == Self.srtCues)
  }

  @Test func webVTTCopiedIntoMatroskaKeepsIdsSettingsAndTextAsWritten() throws {
    let folder = try SubtitleMediaFolder()
    try folder.write("a.vtt", Self.vtt)
    for name in ["copy.webm", "copy.mkv"] {
      let media = try folder.makeMedia(
        name, subtitles: [.init(file: "a.vtt", codec: "copy", language: "ger")])
      // Without a WebVTT reader: FFmpeg's decoder, and the identifiers.
      let decoded = try MediaSubtitles.read(path: media)
      #expect(
        Self.dump(try #require(decoded.tracks.first)) == [
          "[intro] 00:00:00.750 --> 00:00:01.500 Guten <i>Tag</i>",
          "00:00:02.125 --> 00:00:03.000 Zwei &amp; drei\nZeilen",
        ])
      // With one: the text as written, and what the reader makes of the settings.
      let seen = Locked<[String]>([])
      let read = try MediaSubtitles.read(path: media) { settings, text in
        seen.withLock { $0.append(settings) }
        var parsed = CueSettings()
        if settings == "line:0" { parsed.line = 0 }
        return (parsed, CueText(plain: text.uppercased()))
      }
      let track = try #require(read.tracks.first)
      #expect(
        Self.dump(track) == [
          "[intro] 00:00:00.750 --> 00:00:01.500 line:0 <v Anna>Guten <i>Tag</i></v>",
          "00:00:02.125 --> 00:00:03.000 Zwei &amp; drei\nZeilen",
        ])
      #expect(
        track.cues.map(\.text.plainString) == [
          "<V ANNA>GUTEN <I>TAG</I></V>", "ZWEI &AMP; DREI\nZEILEN",
        ])
      #expect(seen.withLock { $0 } == ["line:0", ""])
      #expect(read.diagnostics == [])
    }
  }

  @Test func aPacketWithoutDurationEndsWithTheMediaAndIsReported() throws {
    let folder = try SubtitleMediaFolder()
    // LRC lyrics have start times only: FFmpeg's demuxer gives the last line no duration.
    try folder.write("a.lrc", "[00:00.50]First line\n[00:02.00]Second line\n[00:04.00]Third line\n")
    let media = try folder.makeMedia("lyrics.mkv", subtitles: [.init(file: "a.lrc", codec: "copy")])
    let read = try MediaSubtitles.read(path: media)
    #expect(
      Self.dump(try #require(read.tracks.first)) == [
        "00:00:00.500 --> 00:00:02.000 First line", "00:00:02.000 --> 00:00:04.000 Second line",
        "00:00:04.000 --> 00:00:05.000 Third line",
      ])
    #expect(
      read.diagnostics.map(\.message) == [
        "cue 3 of stream 2 at 00:00:04.000 has no duration; it ends with the media at 00:00:05.000"
      ])
    #expect(read.diagnostics.map(\.rule) == ["container.subtitle-stream"])
    #expect(read.diagnostics.first?.cue?.index == 3)
  }

  @Test func timesAreRelativeToThePresentationStart() throws {
    let folder = try SubtitleMediaFolder()
    try folder.write("a.srt", Self.srt)
    // Video alone, with B-frames: its start time needs the decoding delay FFmpeg finds by
    // decoding its first frames.
    let video = try folder.makeMedia(
      "video.mkv", subtitles: [.init(file: "a.srt", codec: "ass")], video: ["-c:v", "libx264"],
      audio: [])
    #expect(
      Self.dump(try #require(try MediaSubtitles.read(path: video).tracks.first)).first
        == "00:00:00.500 --> 00:00:01.750 <i>Hello</i> there")
    #expect(try MediaProbe.probe(video).startTime == .zero)
    let media = try folder.makeMedia(
      "late.mkv", subtitles: [.init(file: "a.srt", codec: "subrip")],
      extraOutputOptions: ["-output_ts_offset", "7.25"])
    let read = try MediaSubtitles.read(path: media)
    #expect(
      Self.dump(try #require(read.tracks.first)).first
        == "00:00:00.500 --> 00:00:01.750 <i>Hello</i> there")
    let mp4 = try folder.makeMedia(
      "late.mp4", subtitles: [.init(file: "a.srt", codec: "mov_text")],
      audio: [],
      extraOutputOptions: ["-output_ts_offset", "7.25"])
    #expect(
      Self.dump(try #require(try MediaSubtitles.read(path: mp4).tracks.first)) == Self.srtCues)
  }

  @Test(arguments: [
    "mkv h264 b-frames audio", "mp4 h264 b-frames audio", "mov mpeg4 b-frames offset",
    "webm vp8 opus offset", "ts h264 b-frames mp2",
  ])
  func neverDecodesVideoOrAudio(kind: String) throws {
    let folder = try SubtitleMediaFolder()
    let path = try PresentationStartTests.make(kind, in: folder)
    let library = try FFmpegLibrary.shared()
    let read = try MediaSubtitles.open(path, library: library)
    // As before (and as `MediaProbe` still does): FFmpeg decodes the first frames.
    let decoded = try FormatContext(openingInput: path, library: library)
    try decoded.findStreamInfo()
    var checked = 0
    for index in 0..<read.streamCount {
      let parameters = try #require(read.stream(index)?.pointee.codecpar)
      let type = parameters.pointee.codec_type
      guard type == AVMEDIA_TYPE_VIDEO || type == AVMEDIA_TYPE_AUDIO else { continue }
      // The pixel or sample format is known once a decoder has run on the stream (FFmpeg
      // copies it from the decoder into the stream's parameters); it stays unknown when no
      // decoder was opened.
      #expect(parameters.pointee.format == -1, "stream \(index) of \(kind)")
      #expect(decoded.stream(index)?.pointee.codecpar?.pointee.format != -1)
      checked += 1
    }
    #expect(checked == (kind.contains("b-frames offset") ? 1 : 2))
    // FFmpeg's complaints about the decoders it may not open are not kept.
    #expect(!FFmpegLog.take(from: read.pointer).contains { $0.text.contains("open codec") })
    #expect(try MediaSubtitles.read(path: path).diagnostics == [])
  }

  /// A PGS file of two display sets that clear the screen: enough for a demuxer.
  static let pgs: [UInt8] = {
    var bytes: [UInt8] = []
    func be(_ value: Int, _ count: Int) -> [UInt8] {
      (0..<count).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) }
    }
    func segment(_ pts: Int, _ type: UInt8, _ data: [UInt8]) -> [UInt8] {
      [0x50, 0x47] + be(pts, 4) + be(0, 4) + [type] + be(data.count, 2) + data
    }
    for pts in [90_000, 180_000] {
      let composition = be(160, 2) + be(90, 2) + [0x10] + be(1, 2) + [0x80, 0, 0, 0]
      bytes += segment(pts, 0x16, composition) + segment(pts, 0x80, [])
    }
    return bytes
  }()

  @Test func listsImageSubtitlesWithARemark() throws {
    let folder = try SubtitleMediaFolder()
    _ = try folder.write("a.sup", bytes: Self.pgs)
    try folder.write("a.srt", Self.srt)
    let mkv = try folder.makeMedia(
      "pgs.mkv",
      subtitles: [
        .init(file: "a.sup", codec: "copy", language: "jpn", inputOptions: ["-f", "sup"]),
        .init(file: "a.srt", codec: "subrip", language: "eng"),
        .init(file: "a.sup", codec: "dvdsub", language: "spa", inputOptions: ["-f", "sup"]),
      ])
    let read = try MediaSubtitles.read(path: mkv)
    #expect(read.streams.map(\.codec) == ["hdmv_pgs_subtitle", "subrip", "dvd_subtitle"])
    #expect(read.streams.map(\.content) == [.image, .text, .image])
    #expect(read.tracks.map(\.stream) == [3])
    #expect(
      read.diagnostics.map(\.message) == [
        "stream 2 (hdmv_pgs_subtitle, ja) holds image subtitles; their text cannot be read or checked",
        "stream 4 (dvd_subtitle, es) holds image subtitles; their text cannot be read or checked",
      ])
    #expect(
      read.diagnostics.allSatisfy {
        $0.rule == "container.image-subtitles" && $0.severity == .remark && $0.file == mkv
      })

    let ts = try folder.makeMedia(
      "dvb.ts", subtitles: [.init(file: "a.sup", codec: "dvbsub", inputOptions: ["-f", "sup"])])
    let fromTS = try MediaSubtitles.read(path: ts)
    #expect(fromTS.tracks == [])
    #expect(fromTS.streams.map(\.codec) == ["dvb_subtitle"])
    #expect(
      fromTS.diagnostics.map(\.message) == [
        "stream 2 (dvb_subtitle) holds image subtitles; their text cannot be read or checked"
      ])
  }

  @Test func mediaWithoutSubtitlesHasNoTracks() throws {
    let folder = try SubtitleMediaFolder()
    let media = try folder.makeMedia("plain.mp4", subtitles: [])
    let read = try MediaSubtitles.read(path: media)
    #expect(read.tracks == [])
    #expect(read.streams == [])
    #expect(read.diagnostics == [])
  }

  @Test func aCutFileGivesTheCuesBeforeTheCutOrAnError() throws {
    let folder = try SubtitleMediaFolder()
    try folder.write("a.srt", Self.srt)
    let media = try folder.makeMedia(
      "whole.mkv", subtitles: [.init(file: "a.srt", codec: "subrip", language: "eng")])
    let whole = try #require(try MediaSubtitles.read(path: media).tracks.first)
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: media)))
    var readSome = 0
    for fraction in stride(from: 0.05, to: 1.0, by: 0.1) {
      let cut = try folder.write(
        "cut.mkv", bytes: Array(bytes.prefix(Int(Double(bytes.count) * fraction))))
      do {
        let read = try MediaSubtitles.read(path: cut)
        let cues = read.tracks.first?.cues ?? []
        // What is read is what the whole file holds, up to where it was cut; a cue lost is
        // reported with what FFmpeg said.
        #expect(Array(whole.cues.prefix(cues.count)) == cues)
        if cues.count < whole.cues.count {
          #expect(
            read.diagnostics.map(\.message).contains(
              "FFmpeg reported 'File ended prematurely' while reading; later cues may be missing"))
        }
        readSome += 1
      } catch let error as FFmpegError {
        #expect(error.kind == .invalidData)
      }
    }
    #expect(readSome > 0)
  }

  @Test func whatIsNotMediaFailsWithAnFFmpegError() throws {
    let folder = try SubtitleMediaFolder()
    let text = try folder.write("notes.mp4", "these are not frames\n")
    #expect(throws: FFmpegError.self) { try MediaSubtitles.read(path: text) }
    do {
      _ = try MediaSubtitles.read(path: text)
    } catch let error as FFmpegError {
      #expect(error.kind == .invalidData)
    }
    do {
      _ = try MediaSubtitles.read(path: folder.path + "/missing.mkv")
      Issue.record("a missing file was read")
    } catch let error as FFmpegError {
      #expect(error.kind == .inputMissing)
    }
  }
}
