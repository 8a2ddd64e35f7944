import Testing

@testable import CaptionValidation

struct MessageFormatTests {
  @Test func numbersHaveAtMostOneDecimal() {
    #expect(MessageFormat.number(23.5) == "23.5")
    #expect(MessageFormat.number(12) == "12")
    #expect(MessageFormat.number(16.54) == "16.5")
    #expect(MessageFormat.number(0.05) == "0.1")
  }

  @Test func aRateJustOverTheLimitNeverPrintsAsTheLimit() {
    #expect(MessageFormat.over(23.5, limit: 12) == "23.5")
    #expect(MessageFormat.over(20.04, limit: 20) == "20.04")
    #expect(MessageFormat.over(20.001, limit: 20) == "20.01")
  }

  @Test func roundingGivesWhatTheLibraryGives() {
    var values: [Double] = [
      0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, 0.49999999999999994, -0.49999999999999994,
      0.5000000000000001, 4503599627370495.5, -4503599627370495.5, 0x1p52, -0x1p52, 0x1p53 + 2,
      1e300, -1e300, .infinity, -.infinity, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
      .greatestFiniteMagnitude, 169.99999999999997, 170.00000000000003,
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      values.append(Double.random(in: -1e6...1e6, using: &generator))
      values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 20)
      values.append(Double(bitPattern: generator.next()))
    }
    for value in values {
      let nearest = MessageFormat.nearest(value)
      let up = MessageFormat.up(value)
      #expect(
        nearest.bitPattern == value.rounded().bitPattern || nearest.isNaN && value.isNaN,
        "nearest(\(value)) = \(nearest)")
      #expect(
        up.bitPattern == value.rounded(.up).bitPattern || up.isNaN && value.isNaN,
        "up(\(value)) = \(up)")
    }
  }

  @Test func secondsHaveThreeDecimals() {
    #expect(MessageFormat.seconds(833) == "0.833 s")
    #expect(MessageFormat.seconds(7001) == "7.001 s")
  }
}
