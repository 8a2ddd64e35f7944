import CaptionCore
import Foundation
import Testing

@testable import CaptionMedia

/// One opening of a media file gives what the three readers give on their own: the probe,
/// the text subtitle streams and the speech.
@Suite struct MediaFileTests {
  static let subtitles = """
    1
    00:00:01,500 --> 00:00:03,000
    <i>One</i> line

    2
    00:00:05,000 --> 00:00:07,250
    Two

    3
    00:00:11,000 --> 00:00:13,500
    Three and four

    """

  /// 20 seconds of a test picture, the noise mix of the speech fixtures (speech in pauses)
  /// and the subtitles, in `name`'s container with `codecs`.
  static func media(_ name: String, _ codecs: [String]) throws -> String {
    let speech = try SpeechFixtures.mix("noise", snr: 10)
    let subtitles = try MediaFixtures.file("media-file.srt", contents: Data(Self.subtitles.utf8))
    return try MediaFixtures.media(
      "media-file-" + name,
      ["-f", "lavfi", "-i", "testsrc2=s=160x90:r=10:d=20", "-i", speech, "-i", subtitles]
        + ["-map", "0:v", "-map", "1:a"] + (name.hasSuffix(".ts") ? [] : ["-map", "2"])
        + ["-t", "20"] + codecs)
  }

  @Test(arguments: [
    // H.264 with B-frames in Matroska, shifted: the start a reader without decoders must work
    // out again (`PresentationStart`).
    (
      "h264-offset.mkv",
      [
        "-c:v", "libx264", "-bf", "2", "-c:a", "aac", "-c:s", "srt",
        "-output_ts_offset", "1.5",
      ]
    ),
    ("vp8.webm", ["-c:v", "libvpx", "-deadline", "realtime", "-c:a", "libopus", "-c:s", "webvtt"]),
    (
      "mpeg4-offset.mov",
      [
        "-c:v", "mpeg4", "-bf", "2", "-c:a", "aac", "-c:s", "mov_text",
        "-output_ts_offset", "0.5",
      ]
    ),
    (
      "faststart.mp4",
      [
        "-c:v", "libx264", "-c:a", "aac", "-c:s", "mov_text", "-movflags",
        "+faststart",
      ]
    ),
    ("mpeg2.ts", ["-c:v", "mpeg2video", "-c:a", "mp2"]),
  ])
  func onePassGivesWhatTheReadersGiveAlone(name: String, codecs: [String]) throws {
    let path = try Self.media(name, codecs)
    let probed = try MediaProbe.probe(path)
    let embedded = try MediaSubtitles.read(path: path)
    let speech = try AudioActivityAnalyzer.analyze(path: path)

    let before = MediaFile.openingsOnThisThread
    let file = try MediaFile(opening: path)
    #expect(file.info == probed)
    let contents = try file.read(audio: .defaultStream)
    #expect(MediaFile.openingsOnThisThread == before + 1)

    #expect(contents.subtitles.tracks == embedded.tracks)
    #expect(contents.subtitles.streams == embedded.streams)
    #expect(contents.subtitles.diagnostics == embedded.diagnostics)
    #expect(try contents.audio?.get() == speech)
    // Not empty answers agreeing: the cues and the speech are there. (Their times are the
    // readers' own, tested with them: encoder delays shift some of these streams.)
    let texts = contents.subtitles.tracks.first?.cues.map(\.text.visibleText)
    #expect(texts == (name.hasSuffix(".ts") ? nil : ["One line", "Two", "Three and four"]))
    #expect(speech.segments.count >= 3)
  }

  @Test func anAudioStreamThatCannotBeReadLeavesTheSubtitlesRead() throws {
    let path = try Self.media("failing-audio.mkv", ["-c:v", "libx264", "-c:a", "flac"])
    let contents = try MediaFile(opening: path).read(audio: .stream(0))
    #expect(contents.subtitles.tracks.first?.cues.count == 3)
    #expect(throws: AudioActivityError.self) { try contents.audio?.get() }
    let error = try #require(
      contents.audio.flatMap { result -> AudioActivityError? in
        if case .failure(let error) = result { return error as? AudioActivityError }
        return nil
      })
    #expect(error.reason == .notAudio(index: 0, type: "video"))

    let missing = try MediaFile(opening: path).read(audio: .stream(9))
    #expect(missing.subtitles.tracks.first?.cues.count == 3)
    #expect(throws: AudioActivityError.self) { try missing.audio?.get() }
  }

  @Test func withoutAudioAskedForNoAudioIsRead() throws {
    let path = try Self.media("no-audio-asked.mkv", ["-c:v", "libx264", "-c:a", "flac"])
    let contents = try MediaFile(opening: path).read()
    #expect(contents.audio == nil)
    #expect(contents.subtitles.tracks.count == 1)
  }

  @Test func aSecondPassIsRefusedNotEmpty() throws {
    let path = try Self.media("read-twice.mkv", ["-c:v", "libx264", "-c:a", "flac"])
    let file = try MediaFile(opening: path)
    #expect(try file.read().subtitles.tracks.first?.cues.count == 3)
    let error = #expect(throws: FFmpegError.self) { try file.read() }
    #expect(
      error?.description
        == "cannot read '\(path)': the file was read to its end already; open it again for "
        + "another pass")
  }

  @Test func theTimeLimitEndsWithTheOpening() throws {
    let path = try Self.media("time-limit.mkv", ["-c:v", "libx264", "-c:a", "flac"])
    // A limit long enough to open the file, then passed while the packets are read.
    let file = try MediaFile(opening: path, timeLimit: 2)
    Thread.sleep(forTimeInterval: 2.2)
    let contents = try file.read(audio: .defaultStream)
    #expect(contents.subtitles.tracks.first?.cues.count == 3)
    #expect(try contents.audio?.get().segments.isEmpty == false)
  }
}
