import CaptionCore

/// Numbers and durations as messages show them, as strings or appended as UTF-8 (for the
/// findings a `CompactCueRule` words straight into a report).
enum MessageFormat {
  /// A number with at most one decimal (`23.5`, `12`); `floor` rounds down, so that a value
  /// just over a limit never prints as the limit itself when the limit is whole.
  static func number(_ value: Double) -> String { string { appendNumber(value, to: &$0) } }

  /// A rate above `limit` with enough decimals to differ from it (`20.04` rather than `20`).
  static func over(_ value: Double, limit: Double) -> String {
    string { appendOver(value, limit: limit, to: &$0) }
  }

  /// Milliseconds as seconds with three decimals: `0.833 s`.
  static func seconds(_ milliseconds: Int64) -> String {
    string { appendSeconds(milliseconds, to: &$0) }
  }

  /// `1 time`, `2 times`.
  static func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  private static func string(_ make: (inout ByteBuffer) -> Void) -> String {
    var bytes = ByteBuffer(capacity: 32)
    make(&bytes)
    return bytes.string
  }

  /// Appends `number(_:)` of `value`.
  static func appendNumber(_ value: Double, to bytes: inout ByteBuffer) {
    let tenths = nearest(value * 10)
    if tenths == nearest(tenths / 10) * 10 {
      appendInteger(Int64(tenths / 10), to: &bytes)
      return
    }
    let whole = Int64(tenths / 10)
    let fraction = Int64(abs(tenths)) % 10
    if tenths < 0 && whole == 0 { bytes.append(UInt8(ascii: "-")) }
    appendInteger(whole, to: &bytes)
    bytes.append(UInt8(ascii: "."))
    bytes.append(UInt8(ascii: "0") + UInt8(fraction))
  }

  /// Appends `over(_:limit:)` of `value`.
  static func appendOver(_ value: Double, limit: Double, to bytes: inout ByteBuffer) {
    if nearest(value * 10) / 10 > limit {
      appendNumber(value, to: &bytes)
      return
    }
    let hundredths = Int64(up(value * 100))
    let fraction = hundredths % 100
    appendInteger(hundredths / 100, to: &bytes)
    bytes.append(UInt8(ascii: "."))
    if fraction < 10 { bytes.append(UInt8(ascii: "0")) }
    appendInteger(fraction, to: &bytes)
  }

  /// `value.rounded()`: the nearest whole number, halves away from zero. The same result for
  /// every value, without the call into the C library that the compiler makes for it on the
  /// baseline x86-64 processor (which has no rounding instruction), once or twice per number
  /// of a report.
  @inline(__always)
  static func nearest(_ value: Double) -> Double {
    // From 2^52 on every value is whole; NaN and the infinities come back as they are.
    guard value.magnitude < 0x1p52 else { return value }
    let whole = Double(Int64(value))
    let rest = value - whole
    if rest >= 0.5 { return whole + 1 }
    if rest <= -0.5 { return whole - 1 }
    return Double(signOf: value, magnitudeOf: whole)
  }

  /// `value.rounded(.up)`, as `nearest(_:)` is `rounded()`.
  @inline(__always)
  static func up(_ value: Double) -> Double {
    guard value.magnitude < 0x1p52 else { return value }
    let whole = Double(Int64(value))
    return value > whole ? whole + 1 : Double(signOf: value, magnitudeOf: whole)
  }

  /// Appends `seconds(_:)` of `milliseconds`.
  static func appendSeconds(_ milliseconds: Int64, to bytes: inout ByteBuffer) {
    bytes.appendSeconds(milliseconds: milliseconds)
    bytes.appendLiteral(" s")
  }

  /// Appends `plural(_:_:)` of `count` and `noun`.
  static func appendPlural(_ count: Int, _ noun: StaticString, to bytes: inout ByteBuffer) {
    appendInteger(Int64(count), to: &bytes)
    bytes.append(UInt8(ascii: " "))
    append(noun, to: &bytes)
    if count != 1 { bytes.append(UInt8(ascii: "s")) }
  }

  /// Appends `cue 6`.
  static func appendCue(_ index: Int, to bytes: inout ByteBuffer) {
    append("cue ", to: &bytes)
    appendInteger(index, to: &bytes)
  }

  /// Appends the name of a limit (`the ko limit`, `TrackInput.limitName(_:)`), `qualifier`
  /// and ` is `: what goes before the limit's value in a message.
  static func appendLimit(
    _ name: String, qualifier: StaticString = "", to bytes: inout ByteBuffer
  ) {
    bytes.appendUTF8(name)
    append(qualifier, to: &bytes)
    append(" is ", to: &bytes)
  }

  /// Appends a literal's bytes.
  @inline(__always)
  static func append(_ text: StaticString, to bytes: inout ByteBuffer) {
    bytes.appendLiteral(text)
  }

  /// Appends a whole number in decimal.
  @inline(__always)
  static func appendInteger(_ value: some BinaryInteger, to bytes: inout ByteBuffer) {
    bytes.appendDecimal(Int64(value))
  }
}
