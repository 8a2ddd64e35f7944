import CaptionKit
import Testing

@testable import CaptionCLI

struct ShiftAmountTests {
  @Test(arguments: [
    ("1.5", 1500), ("-0.040", -40), ("+2", 2000), (".25", 250), ("-3.", -3000),
    ("0.1", 100), ("12.3450", 12345), ("-0", 0),
  ])
  func parsesDecimalSecondsExactly(text: String, milliseconds: Int64) throws {
    #expect(try ShiftAmount.parse(text) == MediaTime(milliseconds: milliseconds))
  }

  @Test(arguments: ["", "-", ".", "1,5", "1e3", "abc", "1.2.3", " 1", "--1"])
  func rejectsWhatIsNotANumber(text: String) {
    #expect(throws: UsageError("'--shift' takes seconds such as 1.5 or -0.250, not '\(text)'")) {
      try ShiftAmount.parse(text)
    }
  }

  @Test func rejectsMoreThanMillisecondPrecision() {
    #expect(
      throws: UsageError(
        "'--shift' is exact to the millisecond; '0.0005' has more than 3 decimals",
        hint: "round it to 3 decimals")
    ) { try ShiftAmount.parse("0.0005") }
  }

  @Test func rejectsHugeShifts() {
    #expect(throws: UsageError("'--shift' 99999999999 is larger than 1000000000 seconds")) {
      try ShiftAmount.parse("99999999999")
    }
  }
}
