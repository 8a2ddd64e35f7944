import CaptionCore
import Foundation
import Testing

@testable import CaptionMedia

/// Media read from bytes in memory (`MediaFile(reading:name:)`, through `MemoryInput`) reads
/// as the same media read from its file, and opens nothing else.
@Suite struct MemoryInputTests {
  static let subtitles = """
    1
    00:00:00,500 --> 00:00:01,500
    Hello there.

    2
    00:00:02,000 --> 00:00:02,800
    <i>Music playing</i>

    """

  static func media(_ name: String, _ codecs: [String]) throws -> String {
    let srt = try MediaFixtures.file(
      "memory-input.srt", contents: Data(Self.subtitles.utf8))
    return try MediaFixtures.media(
      "memory-input-" + name,
      [
        "-f", "lavfi", "-i", "testsrc2=s=160x90:r=10:d=3", "-f", "lavfi", "-i", "sine=d=3",
        "-i", srt, "-map", "0:v", "-map", "1:a",
      ] + (name.hasSuffix(".ts") ? [] : ["-map", "2"]) + codecs + ["-t", "3"])
  }

  @Test(arguments: [
    // The index at the end: FFmpeg seeks there and back.
    ("moov-last.mp4", ["-c:v", "mpeg4", "-c:a", "aac", "-c:s", "mov_text"]),
    ("srt.mkv", ["-c:v", "mpeg4", "-c:a", "mp2", "-c:s", "srt"]),
    (
      "webvtt.webm",
      ["-c:v", "libvpx", "-deadline", "realtime", "-c:a", "libopus", "-c:s", "webvtt"]
    ),
    ("audio.ts", ["-c:v", "mpeg2video", "-c:a", "mp2"]),
  ])
  func bytesReadAsTheirFile(name: String, codecs: [String]) throws {
    let path = try Self.media(name, codecs)
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    let fromFile = try MediaFile(opening: path)
    let fromMemory = try MediaFile(reading: bytes, name: path)
    #expect(fromMemory.info == fromFile.info)
    #expect(fromMemory.info.streams.count == (name.hasSuffix(".ts") ? 2 : 3))
    let read = try fromMemory.read(audio: .defaultStream)
    let expected = try fromFile.read(audio: .defaultStream)
    #expect(read.subtitles.tracks == expected.subtitles.tracks)
    #expect(read.subtitles.diagnostics == expected.subtitles.diagnostics)
    #expect(try read.audio?.get() == expected.audio?.get())
    let texts = read.subtitles.tracks.first?.cues.map(\.text.visibleText)
    #expect(texts == (name.hasSuffix(".ts") ? nil : ["Hello there.", "Music playing"]))
  }

  @Test func bytesThatAreNotMediaAreRefusedUnderTheirName() throws {
    let error = #expect(throws: FFmpegError.self) {
      try MediaFile(reading: Array("not media at all\n".utf8), name: "notes.bin")
    }
    #expect(error?.kind == .invalidData)
    #expect(error?.description.hasPrefix("cannot open 'notes.bin': ") == true)
    #expect(throws: FFmpegError.self) { try MediaFile(reading: [], name: "empty") }
  }

  @Test func cutBytesAreRefusedAsTheCutFileIs() throws {
    let path = try Self.media("cut.mkv", ["-c:v", "mpeg4", "-c:a", "mp2", "-c:s", "srt"])
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)).prefix(40))
    let cut = try MediaFixtures.file("memory-input-cut.mkv", contents: Data(bytes))
    let fileError = #expect(throws: FFmpegError.self) { try MediaFile(opening: cut) }
    let memoryError = #expect(throws: FFmpegError.self) {
      try MediaFile(reading: bytes, name: cut)
    }
    #expect(memoryError?.description == fileError?.description)
  }

  @Test func aPlaylistInMemoryOpensNoFile() throws {
    // A playlist naming a local segment: from memory, the segment is not opened, so the
    // playlist gives no stream (or is refused).
    let segment = try Self.media("segment.ts", ["-c:v", "mpeg2video", "-c:a", "mp2"])
    let playlist = """
      #EXTM3U
      #EXT-X-VERSION:3
      #EXT-X-TARGETDURATION:3
      #EXTINF:3.0,
      file:\(segment)
      #EXT-X-ENDLIST

      """
    let opened = try? MediaFile(reading: Array(playlist.utf8), name: "list.m3u8")
    #expect(opened == nil || opened?.info.streams.isEmpty == true)
  }
}
