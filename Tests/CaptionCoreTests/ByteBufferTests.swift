import Testing

@testable import CaptionCore

@Suite("ByteBuffer")
struct ByteBufferTests {
  /// Every length a short copy takes a different path for (single bytes, two half words,
  /// two words, a call), appended until the buffer has grown several times.
  @Test func appendsOfEveryShortLengthKeepTheirBytes() {
    var buffer = ByteBuffer(capacity: 1)
    var expected: [UInt8] = []
    let source = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    for length in 0...40 {
      source.withUnsafeBufferPointer {
        buffer.append(UnsafeBufferPointer(rebasing: $0[0..<length]))
      }
      expected += source[0..<length]
      buffer.append(0xFF)
      expected.append(0xFF)
    }
    let count = buffer.count
    let bytes = buffer.bytes
    #expect(count == expected.count)
    #expect(bytes == expected)
    buffer.withBytes { #expect(Array($0) == expected) }
  }

  @Test func textAndNumbers() {
    var buffer = ByteBuffer()
    buffer.appendLiteral("cue ")
    buffer.appendDecimal(0)
    buffer.append(UInt8(ascii: " "))
    buffer.appendDecimal(9)
    buffer.append(UInt8(ascii: " "))
    buffer.appendDecimal(10)
    buffer.append(UInt8(ascii: " "))
    buffer.appendDecimal(-4_096)
    buffer.append(UInt8(ascii: " "))
    buffer.appendDecimal(Int64.min)
    buffer.append(UInt8(ascii: " "))
    buffer.appendDecimal(UInt64.max)
    buffer.append(UInt8(ascii: " "))
    buffer.appendUTF8("한국어 and a string longer than fifteen bytes")
    let text = buffer.string
    #expect(
      text
        == "cue 0 9 10 -4096 -9223372036854775808 18446744073709551615 한국어 and a string longer than fifteen bytes"
    )
  }

  /// Around every power of ten and the 32-bit limit, where the digit count and the way the
  /// digits are worked out change, numbers read as Swift writes them.
  @Test func numbersAtEveryDigitCountAndAroundThirtyTwoBits() {
    var values: [UInt64] = [0, UInt64(UInt32.max) - 1, UInt64(UInt32.max), UInt64(UInt32.max) + 1]
    var power: UInt64 = 1
    for _ in 0..<20 {
      values += [power - 1, power, power + 1]
      if power > UInt64.max / 10 { break }
      power *= 10
    }
    values.append(UInt64.max)
    for value in values {
      var buffer = ByteBuffer()
      buffer.appendDecimal(value)
      #expect(buffer.string == String(value), "\(value)")
    }
  }

  @Test func secondsHaveThreeDecimals() {
    var buffer = ByteBuffer()
    for milliseconds: Int64 in [0, 5, 40, 833, 1_000, 12_345, -500, -61_001] {
      buffer.appendSeconds(milliseconds: milliseconds)
      buffer.append(UInt8(ascii: ","))
    }
    let text = buffer.string
    #expect(text == "0.000,0.005,0.040,0.833,1.000,12.345,-0.500,-61.001,")
    var array: [UInt8] = []
    for milliseconds: Int64 in [0, 5, 40, 833, 1_000, 12_345, -500, -61_001] {
      array.appendSeconds(milliseconds: milliseconds)
      array.append(UInt8(ascii: ","))
    }
    let bytes = buffer.bytes
    #expect(array == bytes)
  }

  @Test func removingKeepsWhatCameBefore() {
    var buffer = ByteBuffer(capacity: 4)
    buffer.appendLiteral("message\n")
    let mark = buffer.count
    buffer.appendLiteral("    hint: ")
    buffer.removeLast(from: mark)
    buffer.appendLiteral("next")
    let first = buffer.string
    #expect(first == "message\nnext")
    buffer.removeAll()
    let isEmpty = buffer.isEmpty
    #expect(isEmpty)
    buffer.reserve(1_000)
    buffer.appendLiteral("again")
    let second = buffer.string
    #expect(second == "again")
  }

  @Test func digitCounts() {
    #expect(DecimalDigits.count(0) == 1)
    #expect(DecimalDigits.count(9) == 1)
    #expect(DecimalDigits.count(10) == 2)
    #expect(DecimalDigits.count(999_999) == 6)
    #expect(DecimalDigits.count(1_000_000) == 7)
    #expect(DecimalDigits.count(UInt64.max) == 20)
  }
}
