import Testing

@testable import CaptionMedia

/// FFmpeg's log keeps each object's messages apart, so that one object's flood does not push
/// out what another said.
struct FFmpegLogTests {
  /// Addresses no FFmpeg object has: the tests' own storage.
  private func withSources(_ body: (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Void) {
    let storage = UnsafeMutableRawPointer.allocate(byteCount: 2, alignment: 1)
    defer { storage.deallocate() }
    body(storage, storage + 1)
  }

  @Test func aFloodFromOneObjectKeepsTheOthersMessages() {
    withSources { demuxer, decoder in
      FFmpegLog.record(.init(source: UInt(bitPattern: demuxer), level: 16, text: "partial file"))
      for n in 0..<100 {
        FFmpegLog.record(.init(source: UInt(bitPattern: decoder), level: 16, text: "error \(n)"))
      }
      #expect(FFmpegLog.take(from: demuxer).map(\.text) == ["partial file"])
      let flood = FFmpegLog.take(from: decoder).map(\.text)
      #expect(flood == (84..<100).map { "error \($0)" })
      #expect(FFmpegLog.take(from: decoder).isEmpty)
    }
  }

  @Test func theObjectThatLoggedLeastRecentlyIsDroppedFirst() {
    let count = FFmpegLog.sourceCapacity + 1
    let storage = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 1)
    defer { storage.deallocate() }
    for n in 0..<count {
      FFmpegLog.record(.init(source: UInt(bitPattern: storage + n), level: 24, text: "\(n)"))
    }
    // The first is gone (other tests logging at the same time can only make that sooner);
    // the last is kept.
    #expect(FFmpegLog.take(from: storage).isEmpty)
    #expect(FFmpegLog.take(from: storage + count - 1).map(\.text) == ["\(count - 1)"])
    for n in 1..<count { _ = FFmpegLog.take(from: storage + n) }
  }
}
