import CFFmpeg
import Foundation
import Testing

@testable import CaptionMedia

@Suite struct OutputFormatContextTests {
  /// Copies the subtitle streams of the Matroska sample into a new Matroska file.
  @Test func copiesSubtitleStreamsIntoANewFile() throws {
    let library = try FFmpegLibrary.shared()
    let source = try MediaFixtures.sample("mkv")
    let input = try FormatContext(openingInput: source, library: library)
    try input.findStreamInfo()
    let path = MediaFixtures.folder + "/subtitles-only.mkv"
    var mapping: [Int: Int] = [:]
    do {
      let output = try OutputFormatContext(writing: path, library: library)
      for index in 0..<input.streamCount {
        let stream = try #require(input.stream(index))
        if stream.pointee.codecpar?.pointee.codec_type == AVMEDIA_TYPE_SUBTITLE {
          mapping[index] = try output.addStream(copying: index, of: input)
        }
      }
      input.discardStreams(except: Set(mapping.keys))
      try output.writeHeader()
      let packet = try Packet(library: library)
      var written = 0
      while try input.read(into: packet) {
        guard let target = mapping[packet.streamIndex],
          let stream = input.streamDescription(packet.streamIndex)
        else { continue }
        try output.write(packet, stream: target, timeBase: stream.timeBase)
        written += 1
      }
      try output.writeTrailer()
      // Two cues in each of the two subtitle streams.
      #expect(written == 4)
    }
    let info = try MediaProbe.probe(path)
    #expect(info.format == "matroska,webm")
    #expect(info.streams.map(\.codec) == ["subrip", "ass"])
    // Only codec parameters are copied: metadata such as the language is the caller's.
    #expect(info.streams.map(\.language) == [nil, nil])
    #expect(info.streams.map(\.isTextBased) == [true, true])
  }

  @Test func anUnknownMuxerIsAnError() throws {
    let library = try FFmpegLibrary.shared()
    let error = #expect(throws: FFmpegError.self) {
      _ = try OutputFormatContext(
        writing: MediaFixtures.folder + "/out.unknownext", library: library)
    }
    #expect(error?.operation == "choose a muxer for")
  }

  @Test func aMissingFolderIsAnErrorAtTheHeader() throws {
    let library = try FFmpegLibrary.shared()
    let output = try OutputFormatContext(
      writing: MediaFixtures.folder + "/no-such-folder/out.mkv", library: library)
    let error = #expect(throws: FFmpegError.self) { try output.writeHeader() }
    #expect(error?.kind == .inputMissing)
    #expect(error?.operation == "create")
  }
}
