/// Something text is appended to as bytes, in millions of short pieces (the writers and
/// reports): literals, strings and numbers are appended without going through a generic
/// sequence. `[UInt8]` and `ByteBuffer` are such sinks.
public protocol ByteAppending: ~Copyable {
  /// Appends one byte.
  mutating func append(_ byte: UInt8)
  /// Appends the bytes of `bytes`.
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
  /// Appends a whole number in decimal.
  mutating func appendDecimal(_ value: UInt64)
}

extension ByteAppending where Self: ~Copyable {
  /// Appends the UTF-8 of a literal.
  @inlinable @inline(__always)
  public mutating func appendLiteral(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends the UTF-8 of a string.
  @inlinable
  public mutating func appendUTF8(_ text: String) {
    if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
      for byte in text.utf8 { append(byte) }
    }
  }

  /// Appends a whole number in decimal.
  @inlinable
  public mutating func appendDecimal(_ value: Int) {
    appendDecimal(Int64(value))
  }

  /// Appends a whole number in decimal.
  @inlinable
  public mutating func appendDecimal(_ value: Int64) {
    if value < 0 { append(UInt8(ascii: "-")) }
    appendDecimal(value.magnitude)
  }

  /// Appends a whole number in decimal: its digits are made in a buffer on the stack and
  /// appended at once (`ByteBuffer` writes them in place).
  @inlinable
  public mutating func appendDecimal(_ value: UInt64) {
    if value < 10 {
      append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
      return
    }
    let digits = DecimalDigits.count(value)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
      guard let place = buffer.baseAddress else { return }
      DecimalDigits.write(value, digits: digits, to: place)
      append(UnsafeBufferPointer(start: place, count: digits))
    }
  }

  /// Appends milliseconds as decimal seconds with exactly three decimals: `12.345`, `-0.500`.
  @inlinable
  public mutating func appendSeconds(milliseconds: Int64) {
    if milliseconds < 0 { append(UInt8(ascii: "-")) }
    let magnitude = milliseconds.magnitude
    appendDecimal(magnitude / 1000)
    append(UInt8(ascii: "."))
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3) { buffer in
      guard let place = buffer.baseAddress else { return }
      DecimalDigits.write(magnitude % 1000, digits: 3, to: place)
      append(UnsafeBufferPointer(start: place, count: 3))
    }
  }
}

extension Array: ByteAppending where Element == UInt8 {
  @inlinable
  public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    append(contentsOf: bytes)
  }
}
