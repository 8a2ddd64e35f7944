import CaptionCore
import Testing

@testable import CaptionFormats

@Suite struct TTMLTimeExpressionTests {
  private func time(
    _ text: String, _ parameters: TTMLTimingParameters = TTMLTimingParameters()
  ) -> MediaTime? {
    guard case .success(let value) = TTMLTimeExpression.parse(text, parameters) else { return nil }
    return value.time
  }

  @Test func readsClockTimes() {
    #expect(time("00:00:01") == MediaTime(milliseconds: 1000))
    #expect(time("01:02:03.5") == MediaTime(hours: 1, minutes: 2, seconds: 3, milliseconds: 500))
    #expect(time("00:00:01.250") == MediaTime(milliseconds: 1250))
    #expect(time("100:00:00.000") == MediaTime(hours: 100, minutes: 0, seconds: 0, milliseconds: 0))
    #expect(time(" 00:00:02.000 ") == MediaTime(milliseconds: 2000))
    // Finer than a millisecond, kept exactly.
    #expect(time("00:00:00.0001") == MediaTime(value: 1, timescale: 10_000))
  }

  @Test func readsFramesAtTheFrameRateExactly() {
    var parameters = TTMLTimingParameters()
    parameters.frameRate = 25
    #expect(time("00:00:01:12", parameters) == MediaTime(value: 37, timescale: 25))
    // 30000/1001 frames per second: frame 1 is 1001/30000 s, not rounded to a millisecond.
    parameters.frameRate = 30
    parameters.frameRateMultiplier = (1000, 1001)
    let oneFrame = time("00:00:00:01", parameters)
    #expect(oneFrame == MediaTime(value: 1001, timescale: 30000))
    #expect(oneFrame?.timescale == 30000)
    #expect(
      time("00:00:10:15", parameters) == MediaTime(value: 10 * 30000 + 15 * 1001, timescale: 30000))
    // Sub-frames: frame 1 and a half at 30 fps with 2 sub-frames per frame.
    parameters.frameRateMultiplier = (1, 1)
    parameters.subFrameRate = 2
    #expect(time("00:00:00:01.1", parameters) == MediaTime(value: 3, timescale: 60))
  }

  @Test func readsOffsetTimesInEveryMetric() {
    var parameters = TTMLTimingParameters()
    #expect(time("12.5s") == MediaTime(milliseconds: 12_500))
    #expect(time("500ms") == MediaTime(milliseconds: 500))
    #expect(time("2h") == MediaTime(milliseconds: 7_200_000))
    #expect(time("3m") == MediaTime(milliseconds: 180_000))
    #expect(time("1.5m") == MediaTime(milliseconds: 90_000))
    #expect(time("0.25h") == MediaTime(milliseconds: 900_000))
    // Frames at the default 30 fps, ticks at the default rate of 1 per second.
    #expect(time("25f") == MediaTime(value: 25, timescale: 30))
    #expect(time("3t") == MediaTime(milliseconds: 3000))
    parameters.tickRate = 10_000_000
    #expect(time("1000t", parameters) == MediaTime(value: 1, timescale: 10_000))
    #expect(time("12345678t", parameters) == MediaTime(value: 12_345_678, timescale: 10_000_000))
    parameters.frameRate = 24
    parameters.frameRateMultiplier = (1000, 1001)
    #expect(time("24f", parameters) == MediaTime(value: 1001, timescale: 1000))
  }

  @Test func refusesWhatIsNotATimeExpression() {
    for text in [
      "", "abc", "1", "1:2:3", "00:00:1.0", "00:0:01", "12.s", ".5s", "5x", "5 s",
      "00:00:01.", "00:00:01:", "-1s", "00:00:01:02:03", "1e3s",
    ] {
      #expect(
        TTMLTimeExpression.parse(text, TTMLTimingParameters()) == .failure(.syntax), "\(text)")
    }
  }

  @Test func refusesPartsOutOfRange() {
    var parameters = TTMLTimingParameters()
    parameters.frameRate = 25
    #expect(
      TTMLTimeExpression.parse("00:60:00", parameters)
        == .failure(.outOfRange(part: "minutes", value: 60, limit: 59)))
    #expect(
      TTMLTimeExpression.parse("00:00:61", parameters)
        == .failure(.outOfRange(part: "seconds", value: 61, limit: 60)))
    #expect(
      TTMLTimeExpression.parse("00:00:01:25", parameters)
        == .failure(.outOfRange(part: "frames", value: 25, limit: 24)))
  }

  @Test func roundsWhatNoTimescaleHolds() throws {
    var parameters = TTMLTimingParameters()
    parameters.tickRate = 2_147_483_647
    let value = try #require(try? TTMLTimeExpression.parse("1.5t", parameters).get())
    #expect(value.isRounded)
    #expect(value.time == MediaTime(value: 1, timescale: 1_000_000_000))
  }
}
