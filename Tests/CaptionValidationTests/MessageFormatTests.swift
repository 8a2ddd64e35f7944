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

  @Test func secondsHaveThreeDecimals() {
    #expect(MessageFormat.seconds(833) == "0.833 s")
    #expect(MessageFormat.seconds(7001) == "7.001 s")
  }
}
