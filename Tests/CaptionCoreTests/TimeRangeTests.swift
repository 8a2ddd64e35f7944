import CaptionCore
import Testing

@Suite("TimeRange")
struct TimeRangeTests {
  func range(_ start: Int64, _ end: Int64) -> TimeRange {
    TimeRange(start: MediaTime(milliseconds: start), end: MediaTime(milliseconds: end))
  }

  @Test func durationAndEmptiness() {
    #expect(range(1000, 2500).duration == MediaTime(milliseconds: 1500))
    #expect(range(1000, 1000).isEmpty)
    #expect(range(2000, 1000).isEmpty)
    #expect(range(2000, 1000).duration == MediaTime(milliseconds: -1000))
    #expect(!range(0, 1).isEmpty)
  }

  @Test func containsIsHalfOpen() {
    let r = range(1000, 2000)
    #expect(r.contains(MediaTime(milliseconds: 1000)))
    #expect(r.contains(MediaTime(milliseconds: 1999)))
    #expect(!r.contains(MediaTime(milliseconds: 2000)))
    #expect(!r.contains(MediaTime(milliseconds: 999)))
    #expect(r.contains(MediaTime(value: 179_999, timescale: 90_000)))
    #expect(!range(1000, 1000).contains(MediaTime(milliseconds: 1000)))
  }

  @Test func overlaps() {
    #expect(range(0, 2000).overlaps(range(1999, 3000)))
    #expect(range(1999, 3000).overlaps(range(0, 2000)))
    #expect(!range(0, 2000).overlaps(range(2000, 3000)))
    #expect(!range(2000, 3000).overlaps(range(0, 2000)))
    #expect(range(0, 5000).overlaps(range(1000, 2000)))
    #expect(range(1000, 2000).overlaps(range(1000, 2000)))
    let ninety = TimeRange(
      start: MediaTime(value: 179_910, timescale: 90_000), end: MediaTime(value: 2, timescale: 1))
    #expect(!range(0, 1999).overlaps(ninety))
    #expect(range(0, 2000).overlaps(ninety))
  }

  @Test func emptyRangesOverlapNothing() {
    #expect(!range(1000, 1000).overlaps(range(0, 5000)))
    #expect(!range(0, 5000).overlaps(range(1000, 1000)))
    #expect(!range(3000, 1000).overlaps(range(0, 5000)))
  }
}
