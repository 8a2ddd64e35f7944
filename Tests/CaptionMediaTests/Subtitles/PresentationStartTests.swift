import CaptionCore
import Foundation
import Testing

@testable import CaptionMedia

/// The start time and duration extraction reads without decoding, against `MediaProbe` (which
/// lets FFmpeg decode the first frames, as before) and ffprobe, on generated files of every
/// container the tests use.
@Suite struct PresentationStartTests {
  /// 5 s of picture (B-frames where the codec has them), a tone where named, and the SRT sample
  /// as the container's text codec (none in MPEG-TS, which cannot carry one).
  static let kinds = [
    "mkv h264 b-frames", "mkv h264 b-frames audio", "mkv h264 b-frames offset",
    "mkv h264 no b-frames", "mkv h264 b-frames late video", "mkv h264 b-frames cut",
    "mkv mpeg4 b-frames", "mp4 h264 b-frames", "mp4 h264 b-frames audio",
    "mp4 h264 b-frames offset", "mp4 h264 b-frames cut", "mov h264 b-frames",
    "mov mpeg4 b-frames offset", "webm vp8", "webm vp8 opus offset", "ts mpeg2video mp2",
    "ts h264 b-frames", "ts h264 b-frames mp2",
  ]

  /// Makes the file of `kind` in `folder`.
  static func make(_ kind: String, in folder: SubtitleMediaFolder) throws -> String {
    try folder.write("a.srt", MediaSubtitlesTests.srt)
    let words = kind.split(separator: " ")
    let container = String(words[0])
    let name = kind.replacingOccurrences(of: " ", with: "-") + "." + container
    let codec = ["mkv": "subrip", "webm": "webvtt", "ts": ""][container] ?? "mov_text"
    let subtitles: [SubtitleMediaFolder.Subtitle] =
      codec.isEmpty ? [] : [.init(file: "a.srt", codec: codec)]
    let video: [String]
    switch words[1] {
    case "h264": video = ["-c:v", "libx264", "-bf", "2"]
    case "mpeg4": video = ["-c:v", "mpeg4", "-bf", "2"]
    case "mpeg2video": video = ["-c:v", "mpeg2video", "-bf", "2"]
    default: video = ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8"]
    }
    let audio: [String]
    if kind.contains("audio") {
      audio = ["-c:a", "aac"]
    } else if kind.contains("mp2") {
      audio = ["-c:a", "mp2"]
    } else if kind.contains("opus") {
      audio = ["-c:a", "libopus"]
    } else {
      audio = []
    }
    var options: [String] = []
    if kind.hasSuffix("offset") { options = ["-output_ts_offset", "10"] }
    if kind.hasSuffix("late video") {
      // The picture starts 2 s late, after the first cue: FFmpeg takes the picture's start.
      let media = try folder.makeMedia("source-" + name, subtitles: [], video: video, audio: [])
      let output = folder.path + "/" + name
      try SubtitleMediaFolder.run(
        "ffmpeg",
        [
          "-nostdin", "-v", "error", "-y", "-itsoffset", "2", "-i", media, "-i",
          folder.path + "/a.srt", "-map", "0", "-map", "1", "-c:v", "copy", "-c:s", "subrip",
          output,
        ])
      return output
    }
    let media = try folder.makeMedia(
      kind.hasSuffix("cut") ? "source-" + name : name, subtitles: subtitles, video: video,
      audio: audio, extraOutputOptions: options)
    guard kind.hasSuffix("cut") else { return media }
    // Cut at 1.35 s without re-encoding, so between key frames (MP4 gets an edit list).
    let output = folder.path + "/" + name
    try SubtitleMediaFolder.run(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-y", "-ss", "1.35", "-i", media, "-map", "0", "-c", "copy",
        output,
      ])
    return output
  }

  @Test(arguments: kinds)
  func theStartAndDurationAreFFmpegsAfterDecoding(kind: String) throws {
    let folder = try SubtitleMediaFolder()
    let path = try Self.make(kind, in: folder)
    let library = try FFmpegLibrary.shared()
    let context = try MediaSubtitles.open(path, library: library)
    let start = try PresentationStart.microseconds(of: context)
    let probed = try MediaProbe.probe(path)
    #expect(start.map { MediaTime(value: $0, timescale: 1_000_000) } == probed.startTime)
    #expect(
      MediaProbe.time(context.duration, .microsecond) == probed.duration)
    let reference = try MediaProbeTests.Reference(path)
    #expect(start == MediaProbeTests.microseconds(reference.format["start_time"]))
    if kind.hasPrefix("ts") {
      #expect((1_400_000...1_600_000).contains(start ?? 0))
    }
  }

  @Test func cueTimesStayAsWrittenWithBFramesAndNoAudio() throws {
    let folder = try SubtitleMediaFolder()
    for kind in [
      "mkv h264 b-frames", "mkv h264 b-frames offset", "mkv h264 no b-frames",
      "mp4 h264 b-frames", "mp4 h264 b-frames offset", "mov h264 b-frames", "webm vp8",
    ] {
      let path = try Self.make(kind, in: folder)
      let track = try #require(try MediaSubtitles.read(path: path).tracks.first, "\(kind)")
      // The times only: Matroska keeps SubRip's {\an8} as a position.
      #expect(
        track.cues.map { "\($0.start) --> \($0.end)" }
          == MediaSubtitlesTests.srtCues.map { String($0.prefix(29)) }, "\(kind)")
    }
  }
}
