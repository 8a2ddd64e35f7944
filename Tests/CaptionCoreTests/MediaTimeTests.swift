import CaptionCore
import Testing

@Suite("MediaTime")
struct MediaTimeTests {
  @Test func equalAcrossTimescales() {
    #expect(MediaTime(value: 1, timescale: 1000) == MediaTime(value: 90, timescale: 90_000))
    #expect(MediaTime(value: 1001, timescale: 30_000) == MediaTime(value: 1001, timescale: 30_000))
    #expect(MediaTime(value: 1, timescale: 3) != MediaTime(value: 333, timescale: 1000))
    #expect(MediaTime(value: 0, timescale: 1) == MediaTime.zero)
    #expect(MediaTime(value: -5, timescale: 10) == MediaTime(milliseconds: -500))
  }

  @Test func orderIsExactAcrossTimescales() {
    let third = MediaTime(value: 1, timescale: 3)
    #expect(MediaTime(value: 333, timescale: 1000) < third)
    #expect(third < MediaTime(value: 334, timescale: 1000))
    #expect(MediaTime(milliseconds: -1) < .zero)
    #expect(!(third < third))
    // Large values in unlike timescales do not overflow the comparison.
    let big = MediaTime(value: .max, timescale: 1)
    let bigger = MediaTime(value: .max, timescale: 2)
    #expect(bigger < big)
    #expect(MediaTime(value: .min, timescale: 7) < MediaTime(value: .min, timescale: 11))
  }

  @Test func hashingAgreesWithEquality() {
    let pairs: [(MediaTime, MediaTime)] = [
      (MediaTime(value: 1, timescale: 1000), MediaTime(value: 90, timescale: 90_000)),
      (MediaTime(value: 0, timescale: 1), MediaTime(value: 0, timescale: 48_000)),
      (MediaTime(value: -3, timescale: 2), MediaTime(value: -1500, timescale: 1000)),
      (MediaTime(value: 1001, timescale: 24_000), MediaTime(value: 1001, timescale: 24_000)),
    ]
    for (a, b) in pairs {
      #expect(a == b)
      #expect(a.hashValue == b.hashValue)
    }
    let set: Set<MediaTime> = [
      MediaTime(milliseconds: 1500), MediaTime(value: 3, timescale: 2),
      MediaTime(value: 135_000, timescale: 90_000), MediaTime(milliseconds: 1501),
    ]
    #expect(set.count == 2)
    #expect(
      Set([MediaTime(value: .min, timescale: 1), MediaTime(value: .min, timescale: 1)]).count == 1)
  }

  @Test func conversionRoundsHalvesAwayFromZero() {
    #expect(MediaTime(value: 1, timescale: 3).converted(to: 1000).value == 333)
    #expect(MediaTime(value: 2, timescale: 3).converted(to: 1000).value == 667)
    #expect(MediaTime(value: 1, timescale: 2000).converted(to: 1000).value == 1)
    #expect(MediaTime(value: -1, timescale: 2000).converted(to: 1000).value == -1)
    #expect(MediaTime(value: 3, timescale: 2000).converted(to: 1000).value == 2)
    #expect(MediaTime(value: -3, timescale: 2000).converted(to: 1000).value == -2)
    #expect(MediaTime(value: 1, timescale: 3000).converted(to: 1000).value == 0)
    #expect(MediaTime(value: 1_001, timescale: 30_000).milliseconds == 33)
    #expect(MediaTime(value: 1_001, timescale: 24_000).milliseconds == 42)
    #expect(MediaTime(value: 5, timescale: 1000).converted(to: 1000).value == 5)
    #expect(MediaTime(value: 7, timescale: 1).converted(to: 90_000).value == 630_000)
  }

  @Test func conversionOfHugeValuesClampsInsteadOfTrapping() {
    let huge = MediaTime(value: .max, timescale: 1).converted(to: 1000)
    #expect(huge.value == .max)
    let tiny = MediaTime(value: .min, timescale: 1).converted(to: 1000)
    #expect(tiny.value == .min)
  }

  @Test func arithmetic() {
    let a = MediaTime(milliseconds: 1500)
    let b = MediaTime(value: 45_000, timescale: 90_000)
    #expect(a + b == MediaTime(milliseconds: 2000))
    #expect(a - b == MediaTime(milliseconds: 1000))
    #expect(b - a == MediaTime(milliseconds: -1000))
    #expect(-a == MediaTime(milliseconds: -1500))
    #expect((a + b).timescale == 90_000)
  }

  @Test func mixedTimescaleSumsAreExact() {
    let third = MediaTime(value: 1, timescale: 3)
    let half = MediaTime(value: 1, timescale: 2)
    #expect(third + half == MediaTime(value: 5, timescale: 6))
    #expect(half - third == MediaTime(value: 1, timescale: 6))
    let ntsc = MediaTime(value: 1001, timescale: 30_000)
    #expect(ntsc + MediaTime(milliseconds: 1) == MediaTime(value: 1031, timescale: 30_000))
    let audio = MediaTime(value: 1, timescale: 44_100)
    #expect(
      audio + MediaTime(value: 1, timescale: 48_000) - audio
        == MediaTime(value: 1, timescale: 48_000))
  }

  @Test func arithmeticSaturatesAtTheLimits() {
    let max = MediaTime(value: .max, timescale: 1000)
    #expect((max + MediaTime(milliseconds: 1)).value == .max)
    let min = MediaTime(value: .min, timescale: 1000)
    #expect((min - MediaTime(milliseconds: 1)).value == .min)
    #expect((-min).value == .max)
  }

  @Test func partsInitializer() {
    #expect(MediaTime(hours: 1, minutes: 2, seconds: 3, milliseconds: 4).milliseconds == 3_723_004)
    #expect(MediaTime(hours: 0, minutes: 0, seconds: 0, milliseconds: 0) == .zero)
    // Absurd hours from bad input saturate instead of trapping.
    let absurd = MediaTime(hours: .max / 2, minutes: 59, seconds: 59, milliseconds: 999)
    #expect(absurd.value == .max)
  }

  @Test func timestamps() {
    #expect(MediaTime.zero.description == "00:00:00.000")
    #expect(MediaTime(milliseconds: 5).timestamp() == "00:00:00.005")
    #expect(MediaTime(milliseconds: 61_050).timestamp() == "00:01:01.050")
    #expect(MediaTime(milliseconds: 3_723_004).timestamp(separator: ",") == "01:02:03,004")
    #expect(MediaTime(milliseconds: 360_000_000).timestamp() == "100:00:00.000")
    #expect(MediaTime(milliseconds: -500).timestamp() == "-00:00:00.500")
    #expect(MediaTime(value: 1, timescale: 3).timestamp() == "00:00:00.333")
    #expect(MediaTime(value: 2, timescale: 3).description == "00:00:00.667")
    #expect(MediaTime(value: .max, timescale: 1000).timestamp() == "2562047788015:12:55.807")
    #expect(MediaTime(value: .min, timescale: 1000).timestamp() == "-2562047788015:12:55.808")
  }

  @Test func decimalSeconds() {
    #expect(MediaTime(milliseconds: 12_345).decimalSeconds == "12.345")
    #expect(MediaTime(milliseconds: -500).decimalSeconds == "-0.500")
    #expect(MediaTime(milliseconds: 7).decimalSeconds == "0.007")
    #expect(MediaTime(value: 1, timescale: 3).decimalSeconds == "0.333")
    #expect(MediaTime(value: 3, timescale: 2).seconds == 1.5)
  }
}
