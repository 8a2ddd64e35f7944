import CaptionCore
import Testing

struct MemoryPagesTests {
  /// Giving pages their memory ahead never changes what they hold, whole pages or not, and a
  /// buffer too small is left alone.
  @Test func prefaultingKeepsTheBytes() {
    let count = 3 << 20
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 64)
    defer { buffer.deallocate() }
    for index in stride(from: 0, to: count, by: 4096 + 7) { buffer[index] = UInt8(index % 251) }
    MemoryPages.prefault(buffer.baseAddress! + 1_000, count: count - 5_000)
    MemoryPages.prefault(buffer.baseAddress!, count: 10)
    for index in stride(from: 0, to: count, by: 4096 + 7) {
      #expect(buffer[index] == UInt8(index % 251), "byte \(index)")
    }
  }

  /// The cues copied into the place prefaulted for them are the cues, and those appended
  /// before the place was prefaulted are kept.
  @Test func cuesJoinIntoTheirPrefaultedPlace() {
    func cue(_ index: Int) -> Cue {
      Cue(
        id: "\(index)", start: MediaTime(milliseconds: Int64(index) * 1_000),
        end: MediaTime(milliseconds: Int64(index) * 1_000 + 500), text: CueText(plain: "c\(index)"),
        rawText: "c\(index)")
    }
    var cues: [Cue] = []
    cues.reserveCapacity(40_000)
    for index in 0..<10_000 { cues.append(cue(index)) }
    JoinPlace(cues).prefault(count: 30_000)
    for index in 10_000..<40_000 { cues.append(cue(index)) }
    #expect(cues.count == 40_000)
    #expect(cues.indices.allSatisfy { cues[$0].id == "\($0)" && cues[$0].rawText == "c\($0)" })
  }
}
