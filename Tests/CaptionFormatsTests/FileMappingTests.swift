import CaptionCore
import Foundation
import Testing

@testable import CaptionFormats

/// `FileMapping`: a large caption file in memory is mapped instead of read, under a read lease
/// that keeps writers out until the bytes are given back; anything else is not mapped.
struct FileMappingTests {
  typealias Folder = CaptionFileReaderTests.Folder

  /// Opening `path` for writing without waiting: 0 when it opened, else the error (EAGAIN
  /// while another holds a read lease on the file).
  static func openForWriting(_ path: String) -> Int32 {
    let descriptor = open(path, O_WRONLY | O_NONBLOCK)
    guard descriptor >= 0 else { return errno }
    close(descriptor)
    return 0
  }

  private func map(
    _ path: String, minimumSize: Int = 1 << 20, residentShare: Double = 0.5, threads: Int = 1
  ) -> ExternalBytes? {
    FileMapping.map(
      path: path, minimumSize: minimumSize, maximumSize: 1 << 30, residentShare: residentShare,
      threads: threads)
  }

  @Test func aFileReadInOnTwoThreadsHoldsItsBytes() throws {
    #if os(Linux)
      let folder = try Folder()
      // An odd size: the second half is not a whole number of pages.
      let bytes = SRTStreamTests.largeSRT(cues: 20_001)
      let path = try folder.file("a.srt", bytes)
      let mapped = try #require(map(path, threads: 2))
      #expect(Array(mapped.buffer) == bytes)
      #expect(Self.openForWriting(path) == EAGAIN)
    #endif
  }

  @Test func aFileInMemoryIsMappedWithItsBytesAndKeepsWritersOutUntilGivenBack() throws {
    #if os(Linux)
      let folder = try Folder()
      let bytes = SRTStreamTests.largeSRT(cues: 20_000)
      let path = try folder.file("a.srt", bytes)
      var mapped = map(path)
      try #require(mapped != nil)
      #expect(mapped.map { Array($0.buffer) } == bytes)
      #expect(Self.openForWriting(path) == EAGAIN)
      // A writer that waits gets the file once the mapping is given back.
      let writer = Thread {
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        if descriptor >= 0 { close(descriptor) }
      }
      writer.start()
      Thread.sleep(forTimeInterval: 0.2)
      #expect(mapped.map { Array($0.buffer.suffix(64)) } == Array(bytes.suffix(64)))
      #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == bytes.count)
      mapped = nil
      var waited = 0
      while (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) != 0,
        waited < 100
      {
        Thread.sleep(forTimeInterval: 0.05)
        waited += 1
      }
      #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == 0)
      #expect(Self.openForWriting(path) == 0)
    #endif
  }

  @Test func filesThatCannotBeMappedSafelyAreNot() throws {
    let folder = try Folder()
    let large = SRTStreamTests.largeSRT(cues: 20_000)
    let small = try folder.file("small.srt", SRTStreamTests.largeSRT(cues: 100))
    let busy = try folder.file("busy.srt", large)
    let fifo = folder.path + "/fifo.srt"
    #expect(mkfifo(fifo, 0o644) == 0)
    // A file open for writing here (as by an editor saving it) gets no lease.
    let writing = open(busy, O_WRONLY)
    #expect(writing >= 0)
    defer { close(writing) }
    #expect(map(small) == nil)
    #expect(map(busy) == nil)
    #expect(map(fifo) == nil)
    #expect(map(folder.path) == nil)
    #expect(map(folder.path + "/missing.srt") == nil)
    // Asked for more of it in memory than can be (a whole file and then some).
    let other = try folder.file("other.srt", large)
    #expect(map(other, residentShare: 1.01) == nil)
    #expect(map(other) != nil)
  }
}
