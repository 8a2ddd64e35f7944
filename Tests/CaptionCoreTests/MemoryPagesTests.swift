import CaptionCore
import Testing

#if canImport(Glibc)
  import Glibc
#endif

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

  #if os(Linux)
    /// A smaller area is given its pages when asked with a smaller minimum, and not
    /// otherwise: `mincore` tells which pages of fresh memory are there.
    @Test func aSmallAreaIsPrefaultedOnlyBelowItsMinimum() throws {
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      let count = 16 * page
      func residentPages(prefaulting minimum: Int?) throws -> Int {
        let area = try #require(
          mmap(nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        #expect(area != MAP_FAILED)
        defer { munmap(area, count) }
        if let minimum { MemoryPages.prefault(area, count: count, minimum: minimum) }
        var states = [UInt8](repeating: 0, count: 16)
        #expect(mincore(area, count, &states) == 0)
        return states.filter { $0 & 1 == 1 }.count
      }
      #expect(try residentPages(prefaulting: nil) == 0)
      #expect(try residentPages(prefaulting: MemoryPages.prefaultSize) == 0)
      #expect(try residentPages(prefaulting: 0) == 16)
    }
  #endif

  /// A region asks for the pages of its next cues as it fills: every cue made is there, up
  /// to a room that is not a whole number of those steps.
  @Test func aCueRegionFillsThroughThePagesItAsksFor() {
    let capacity = 2 * 4096 + 123
    let storage = UnsafeMutablePointer<Cue>.allocate(capacity: capacity)
    defer { storage.deallocate() }
    var region = CueRegion(storage, capacity: capacity)
    for index in 0..<capacity {
      region.append(
        Cue(
          id: "\(index)", start: MediaTime(milliseconds: Int64(index) * 1_000),
          end: MediaTime(milliseconds: Int64(index) * 1_000 + 500),
          text: CueText(plain: "c\(index)"), rawText: "c\(index)"))
    }
    #expect(region.count == capacity)
    #expect(!region.hasRoom)
    #expect(
      (0..<capacity).allSatisfy { storage[$0].id == "\($0)" && storage[$0].rawText == "c\($0)" })
    storage.deinitialize(count: capacity)
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
