/// Appending text to a byte buffer without going through a generic sequence: the hot paths of
/// the writers and reports, which append millions of short pieces.
extension Array where Element == UInt8 {
  /// Appends the UTF-8 of a literal.
  @inlinable
  package mutating func appendLiteral(_ text: StaticString) {
    append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends the UTF-8 of a string.
  @inlinable
  package mutating func appendUTF8(_ text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }

  /// Appends a whole number in decimal.
  @inlinable
  package mutating func appendDecimal(_ value: Int64) {
    if value < 0 { append(UInt8(ascii: "-")) }
    appendDecimal(value.magnitude)
  }

  /// Appends a whole number in decimal.
  @inlinable
  package mutating func appendDecimal(_ value: Int) {
    appendDecimal(Int64(value))
  }

  /// Appends a whole number in decimal: its digits are made in a buffer on the stack and
  /// appended at once.
  @inlinable
  package mutating func appendDecimal(_ value: UInt64) {
    if value < 10 {
      append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
      return
    }
    let digits = DecimalDigits.count(value)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
      guard let place = buffer.baseAddress else { return }
      DecimalDigits.write(value, digits: digits, to: place)
      append(contentsOf: UnsafeBufferPointer(start: place, count: digits))
    }
  }

  /// Appends milliseconds as decimal seconds with exactly three decimals: `12.345`, `-0.500`.
  @inlinable
  package mutating func appendSeconds(milliseconds: Int64) {
    if milliseconds < 0 { append(UInt8(ascii: "-")) }
    let magnitude = milliseconds.magnitude
    appendDecimal(magnitude / 1000)
    let fraction = magnitude % 1000
    append(UInt8(ascii: "."))
    append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 100))
    append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 10 % 10))
    append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10))
  }
}
