import Foundation
import Testing

@testable import CaptionMedia

@Suite struct FormatContextTests {
  @Test func opensAGeneratedFileAndReadsEveryPacket() throws {
    let library = try FFmpegLibrary.shared()
    let path = try MediaFixtures.basicMP4()
    let input = try FormatContext(openingInput: path, library: library)
    try input.findStreamInfo()
    #expect(input.streamCount == 2)
    let packet = try Packet(library: library)
    var perStream = [0, 0]
    while try input.read(into: packet) {
      perStream[packet.streamIndex] += 1
    }
    // 3 s of video at 10 fps; 3 s of 48 kHz AAC in 1024-sample frames (about 141).
    #expect(perStream[0] == 30)
    #expect((140...143).contains(perStream[1]))
  }

  @Test func aTextFileWithAMediaExtensionFailsWithFFmpegsReason() throws {
    let library = try FFmpegLibrary.shared()
    let path = try MediaFixtures.file(
      "notes.mp4", contents: Data("these are notes, not a movie\n".utf8))
    let error = #expect(throws: FFmpegError.self) {
      _ = try FormatContext(openingInput: path, library: library)
    }
    #expect(error?.kind == .invalidData)
    #expect(error?.operation == "open")
    #expect(error?.path == path)
    #expect(
      error?.description
        == "cannot open '\(path)': invalid data found when processing input (moov atom not found)"
    )
    #expect(error?.detail == "moov atom not found")
  }

  @Test func aMissingFileIsReportedAsMissing() throws {
    let library = try FFmpegLibrary.shared()
    let path = MediaFixtures.folder + "/no-such-movie.mp4"
    let error = #expect(throws: FFmpegError.self) {
      _ = try FormatContext(openingInput: path, library: library)
    }
    #expect(error?.kind == .inputMissing)
    #expect(error?.description == "cannot open '\(path)': no such file or directory")
  }

  @Test func aColonInTheNameIsNotAProtocol() throws {
    let library = try FFmpegLibrary.shared()
    let source = try MediaFixtures.basicMP4()
    let path = MediaFixtures.folder + "/http:clip.mp4"
    if !FileManager.default.fileExists(atPath: path) {
      try FileManager.default.copyItem(atPath: source, toPath: path)
    }
    let input = try FormatContext(openingInput: path, library: library)
    #expect(input.streamCount == 2)
  }

  @Test func anExpiredDeadlineStopsTheRead() throws {
    let library = try FFmpegLibrary.shared()
    let path = try MediaFixtures.basicMP4()
    let input = try FormatContext(openingInput: path, library: library)
    input.deadline.cancel()
    let packet = try Packet(library: library)
    let error = #expect(throws: FFmpegError.self) {
      while try input.read(into: packet) {}
    }
    #expect(error?.kind == .interrupted)
  }

  @Test func aLibraryThatCannotBeFoundIsATypedError() {
    let folder = MediaFixtures.folder + "/no-ffmpeg-here"
    let error = #expect(throws: FFmpegUnavailable.self) {
      _ = try FFmpegLibrary(directory: folder)
    }
    #expect(error?.library == "libavutil.so.57")
    #expect(
      error?.description.hasPrefix("FFmpeg is not available: cannot load libavutil.so.57 (")
        == true)
  }

  @Test func decodesAudioAndResamplesToMono() throws {
    let library = try FFmpegLibrary.shared()
    let path = try MediaFixtures.basicMP4()
    let input = try FormatContext(openingInput: path, library: library)
    try input.findStreamInfo()
    let audioIndex = 1
    input.discardStreams(except: [audioIndex])
    let decoder = try CodecContext(decoderForStream: audioIndex, of: input)
    let resampler = try Resampler(from: decoder, outputChannels: 1, outputRate: 16000)
    let packet = try Packet(library: library)
    let frame = try Frame(library: library)
    var samples: [Float] = []
    var buffer = [Float](repeating: 0, count: 4096)
    func drain() throws {
      while try decoder.receive(frame) == .frame {
        let written = try buffer.withUnsafeMutableBytes { raw in
          var plane: UnsafeMutablePointer<UInt8>? = raw.baseAddress?.assumingMemoryBound(
            to: UInt8.self)
          return try resampler.convert(frame, into: &plane, capacity: 4096)
        }
        samples += buffer.prefix(Int(written))
        frame.unref()
      }
    }
    while try input.read(into: packet) {
      guard packet.streamIndex == audioIndex else { continue }
      _ = try decoder.send(packet)
      try drain()
    }
    _ = try decoder.send(nil)
    try drain()
    // 3 s at 16 kHz, less what the resampler still holds; a sine at FFmpeg's default
    // amplitude of 1/8 has an RMS of 0.125 / sqrt(2) (AAC keeps it within a few percent).
    #expect(abs(samples.count - 48000) < 200)
    let middle = samples[8000..<40000]
    let rms = (middle.reduce(0) { $0 + $1 * $1 } / Float(middle.count)).squareRoot()
    #expect(abs(rms - 0.0884) < 0.004)
  }
}
