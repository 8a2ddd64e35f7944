import CaptionCore
import Foundation
import Testing

@testable import CaptionMedia

@Suite struct AudioActivityAnalyzerTests {
  /// A copy of a generated mix in another container and codec, made with the ffmpeg command.
  func encoded(_ bed: String, snr: Int, as name: String, _ arguments: [String]) throws -> String {
    let source = try SpeechFixtures.mix(bed, snr: snr)
    return try MediaFixtures.media(name, ["-i", source] + arguments)
  }

  func agreement(_ activity: AudioActivity, bed: String) throws -> Double {
    SpeechFixtures.agreement(
      activity.segments, truth: try SpeechFixtures.truth(bed), duration: activity.duration.seconds)
  }

  @Test func decodingAWAVFileGivesWhatTheDetectorFindsInItsSamples() throws {
    let path = try SpeechFixtures.mix("noise", snr: 10)
    var detector = AudioActivityDetector()
    detector.process(try readMonoWAV(path).samples)
    let direct = detector.finish()
    let decoded = try AudioActivityAnalyzer.analyze(path: path)
    #expect(decoded == direct)
    #expect(direct.segments.count >= 6)
  }

  @Test func aSecondThreadFindsWhatTheDecodingThreadFindsAlone() throws {
    let path = try encoded(
      "babble", snr: 10, as: "babble-10db.mp4", ["-c:a", "aac", "-b:a", "96k"])
    let alone = try AudioActivityAnalyzer.analyze(
      path: path, streamIndex: nil, options: AudioActivityOptions(), threaded: false)
    let threaded = try AudioActivityAnalyzer.analyze(
      path: path, streamIndex: nil, options: AudioActivityOptions(), threaded: true,
      chunking: false)
    #expect(threaded == alone)
    #expect(alone.segments.count >= 6)
    // Files shorter than a minute (these 45 s) are analysed on one thread.
    #expect(try AudioActivityAnalyzer.analyze(path: path) == alone)
  }

  /// The activity of `path` and the timestamps of the packets that could not be decoded,
  /// the work threaded, the decoding in chunks on two threads when `chunking`.
  func decode(_ path: String, chunking: Bool) throws -> (AudioActivity, [Int64?]) {
    let library = try FFmpegLibrary.shared()
    let format = try FormatContext(openingInput: path, library: library)
    try format.findStreamInfo()
    let index = try AudioPass.stream(in: format, requested: nil)
    format.discardStreams(except: [index])
    let pass = try AudioPass(
      context: format, stream: index, options: AudioActivityOptions(), threaded: true,
      chunking: chunking)
    #expect((pass.chunked != nil) == chunking)
    let packet = try Packet(library: library)
    while try format.read(into: packet) {
      guard packet.streamIndex == index else { continue }
      try pass.decode(packet)
    }
    packet.unref()
    let activity = try pass.finish()
    return (activity, pass.takeFailures().failures.map(\.timestamp))
  }

  @Test(arguments: [
    ("aac-48k-stereo.mp4", ["-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2"]),
    ("ac3-48k-stereo.mka", ["-c:a", "ac3", "-ar", "48000", "-ac", "2"]),
    ("eac3-32k-mono.mka", ["-c:a", "eac3", "-ar", "32000", "-ac", "1"]),
    ("aac-16k-mono.aac", ["-c:a", "aac", "-ar", "16000"]),
  ])
  func decodingInChunksOnTwoThreadsFindsWhatOneDecoderFinds(name: String, arguments: [String])
    throws
  {
    let path = try encoded("babble", snr: 10, as: "chunks-" + name, arguments)
    let (alone, aloneFailures) = try decode(path, chunking: false)
    let (chunked, chunkedFailures) = try decode(path, chunking: true)
    expectAlike(chunked, alone)
    // However the lanes share the chunks, the result is the same, to the last bit.
    for _ in 0..<3 { #expect(try decode(path, chunking: true).0 == chunked) }
    #expect(alone.segments.count >= 6)
    #expect(aloneFailures.isEmpty && chunkedFailures.isEmpty)
    // Raw AAC has no edit list to drop the encoder's delay.
    #expect(abs(alone.duration.seconds - 45) < 0.15)
  }

  /// The same segments and duration; levels to within 0.01 dB, since a decoder started
  /// anew draws other random values for noise substitution (AAC) and dither (AC-3).
  func expectAlike(
    _ chunked: AudioActivity, _ alone: AudioActivity,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    #expect(chunked.duration == alone.duration, sourceLocation: sourceLocation)
    #expect(
      chunked.segments.map { [$0.start, $0.end] } == alone.segments.map { [$0.start, $0.end] },
      sourceLocation: sourceLocation)
    for (one, other) in zip(chunked.segments, alone.segments) {
      #expect(abs(one.level - other.level) < 0.01, sourceLocation: sourceLocation)
    }
  }

  @Test func damagedPacketsAreReportedAlikeWhenDecodedInChunks() throws {
    let path = try encoded(
      "babble", snr: 10, as: "chunks-damaged-source.aac",
      ["-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2"])
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    // Scramble the payload of frames here and there, keeping the ADTS headers (they start
    // with 0xFFF), so the demuxer still finds every frame.
    var state: UInt64 = 3
    var frame = 0
    var offset = 0
    while offset + 7 <= bytes.count {
      let length =
        Int(bytes[offset + 3] & 3) << 11 | Int(bytes[offset + 4]) << 3
        | Int(bytes[offset + 5]) >> 5
      guard bytes[offset] == 0xFF, length > 7 else { break }
      if frame % 97 == 41 || frame % 128 == 127 {
        for index in offset + 9..<min(offset + length, bytes.count) {
          state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          bytes[index] = UInt8(truncatingIfNeeded: state >> 56)
        }
      }
      frame += 1
      offset += length
    }
    #expect(frame > 2000)
    let damaged = try MediaFixtures.file("chunks-damaged.aac", contents: Data(bytes))
    let (alone, aloneFailures) = try decode(damaged, chunking: false)
    let (chunked, chunkedFailures) = try decode(damaged, chunking: true)
    #expect(aloneFailures.count >= 10)
    #expect(chunkedFailures == aloneFailures)
    #expect(chunked.duration == alone.duration)
    #expect(chunked.segments.count == alone.segments.count)
  }

  @Test(arguments: [
    ("opus.mkv", ["-c:a", "libopus", "-b:a", "48k", "-ar", "48000", "-ac", "2"]),
    ("vorbis.mkv", ["-c:a", "libvorbis", "-ar", "44100", "-ac", "2"]),
    ("flac.mkv", ["-c:a", "flac", "-ar", "22050"]),
    ("aac.mp4", ["-c:a", "aac", "-b:a", "96k", "-ar", "48000", "-ac", "2"]),
    ("surround.mka", ["-af", "pan=5.1|FC=c0|FL=0.3*c0|FR=0.3*c0", "-c:a", "ac3"]),
    ("telephone.wav", ["-ar", "8000", "-c:a", "pcm_mulaw"]),
  ])
  func findsTheSpeechInCompressedAudio(name: String, arguments: [String]) throws {
    let path = try encoded("music", snr: 10, as: "music-10db-" + name, arguments)
    let activity = try AudioActivityAnalyzer.analyze(path: path)
    let share = try agreement(activity, bed: "music")
    #expect(share >= 0.9, "agreement in \(name): \(share)")
    #expect(abs(activity.duration.seconds - 45) < 0.1)
  }

  @Test func timesAreRelativeToThePresentationStartOfAnMPEGTransportStream() throws {
    // MPEG-TS timestamps start at 1.4 s; the segments must not move with them.
    let path = try encoded("noise", snr: 10, as: "noise-10db.ts", ["-c:a", "aac", "-ar", "48000"])
    let activity = try AudioActivityAnalyzer.analyze(path: path)
    let share = try agreement(activity, bed: "noise")
    #expect(share >= 0.9, "agreement in MPEG-TS: \(share)")
  }

  @Test func analysesTheChosenOfTwoAudioStreams() throws {
    let speech = try SpeechFixtures.mix("noise", snr: 20)
    let path = try MediaFixtures.media(
      "two-audio-streams.mkv",
      [
        "-f", "lavfi", "-i", "testsrc2=s=160x90:r=10:d=45", "-f", "lavfi", "-i",
        "anoisesrc=c=pink:a=0.05:r=48000:seed=3:d=45", "-i", speech, "-map", "0:v", "-map",
        "1:a", "-map", "2:a", "-c:v", "mpeg4", "-c:a", "libopus",
      ])
    let chosen = try AudioActivityAnalyzer.analyze(path: path, streamIndex: 2)
    #expect(try agreement(chosen, bed: "noise") >= 0.9)
    let other = try AudioActivityAnalyzer.analyze(path: path, streamIndex: 1)
    #expect(other.segments.isEmpty, "steady pink noise holds no speech: \(other.segments)")
  }

  @Test func aFileWithoutAudioIsAClearError() throws {
    let path = try MediaFixtures.media(
      "video-only.mp4", ["-f", "lavfi", "-i", "testsrc2=s=160x90:r=10:d=2", "-c:v", "mpeg4"])
    #expect(throws: AudioActivityError(.noAudioStream, path: path)) {
      try AudioActivityAnalyzer.analyze(path: path)
    }
    #expect(
      "\(AudioActivityError(.noAudioStream, path: path))" == "'\(path)' has no audio stream")
    #expect(throws: AudioActivityError(.notAudio(index: 0, type: "video"), path: path)) {
      try AudioActivityAnalyzer.analyze(path: path, streamIndex: 0)
    }
    #expect(throws: AudioActivityError(.noSuchStream(index: 3, streamCount: 1), path: path)) {
      try AudioActivityAnalyzer.analyze(path: path, streamIndex: 3)
    }
  }

  @Test func aMissingFileIsReportedAsMissing() throws {
    let path = MediaFixtures.folder + "/no-such-file.mp4"
    do {
      _ = try AudioActivityAnalyzer.analyze(path: path)
      Issue.record("a missing file was analysed")
    } catch let error as FFmpegError {
      #expect(error.kind == .inputMissing)
      #expect(error.path == path)
    }
  }

  @Test func cutAndRandomFilesFailCleanlyOrGiveWhatWasDecoded() throws {
    let source = try encoded("noise", snr: 10, as: "noise-10db-cut.ts", ["-c:a", "aac"])
    let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
    let whole = try AudioActivityAnalyzer.analyze(path: source)
    for fraction in [0.02, 0.5, 0.9] {
      let cut = try MediaFixtures.file(
        "cut-\(fraction).ts", contents: bytes.prefix(Int(Double(bytes.count) * fraction)))
      do {
        let part = try AudioActivityAnalyzer.analyze(path: cut)
        #expect(part.duration < whole.duration)
        #expect(part.segments.count <= whole.segments.count)
      } catch let error as FFmpegError {
        #expect(error.kind == .invalidData, "\(error)")
      }
    }
    var state: UInt64 = 11
    let noise = Data(
      (0..<200_000).map { _ -> UInt8 in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(truncatingIfNeeded: state >> 56)
      })
    let random = try MediaFixtures.file("random.mp3", contents: noise)
    do {
      let activity = try AudioActivityAnalyzer.analyze(path: random)
      #expect(activity.segments.count < 50)
    } catch let error as FFmpegError {
      #expect(error.kind == .invalidData, "\(error)")
    } catch let error as AudioActivityError {
      #expect(error.reason == .noAudioStream)
    }
  }
}
