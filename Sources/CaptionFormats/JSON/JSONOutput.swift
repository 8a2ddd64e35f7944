import CaptionCore

/// A small, fast JSON writer that appends UTF-8 bytes in the order it is told, indented two
/// spaces per level, so writers control the exact key order.
public struct JSONOutput: Sendable {
  public private(set) var bytes: [UInt8]
  private var depth = 0
  /// Per open container: whether it has an element yet.
  private var hasElement: [Bool] = []
  private var afterKey = false

  public init(reservingCapacity capacity: Int = 0) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  /// Hands the bytes made so far to `flush` and goes on with an empty buffer of the same
  /// capacity, so that a large document can be written in pieces as it is made.
  public mutating func flush<E: Error>(_ flush: ([UInt8]) throws(E) -> Void) throws(E) {
    try flush(bytes)
    bytes.removeAll(keepingCapacity: true)
  }

  public mutating func beginObject() {
    beginValue()
    bytes.append(0x7B)
    open()
  }

  public mutating func endObject() { close(0x7D) }

  public mutating func beginArray() {
    beginValue()
    bytes.append(0x5B)
    open()
  }

  public mutating func endArray() { close(0x5D) }

  /// Writes an object key, a literal that needs no escaping; the next call writes its value.
  public mutating func key(_ name: StaticString) {
    beginValue()
    bytes.append(0x22)
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(0x22)
    bytes.append(0x3A)
    bytes.append(0x20)
    afterKey = true
  }

  public mutating func string(_ value: String) {
    beginValue()
    Self.appendString(value, to: &bytes)
  }

  public mutating func string(_ value: String?) {
    if let value { string(value) } else { null() }
  }

  public mutating func integer(_ value: Int) {
    beginValue()
    bytes.appendDecimal(value)
  }

  /// A count of milliseconds as decimal seconds with exactly three decimals (`12.345`,
  /// `-0.500`), the form of times in captionkit's JSON.
  public mutating func seconds(milliseconds: Int64) {
    beginValue()
    bytes.appendSeconds(milliseconds: milliseconds)
  }

  public mutating func bool(_ value: Bool) {
    raw(value ? "true" : "false")
  }

  public mutating func null() {
    raw("null")
  }

  /// A number: integral values without a fraction (`50`), others in the shortest form that
  /// reads back exactly (`12.5`); not-a-number and infinities as null.
  public mutating func number(_ value: Double) {
    guard value.isFinite else { return null() }
    if value == value.rounded(), abs(value) < 1e15 {
      raw(String(Int64(value)))
    } else {
      raw(String(describing: value))
    }
  }

  /// Pre-formatted JSON, such as a decimal number.
  public mutating func raw(_ text: String) {
    beginValue()
    bytes.append(contentsOf: text.utf8)
  }

  /// Ends the document with a newline.
  public mutating func finish() {
    bytes.append(0x0A)
  }

  private mutating func open() {
    depth += 1
    hasElement.append(false)
  }

  private mutating func close(_ bracket: UInt8) {
    depth -= 1
    if hasElement.popLast() == true { newline() }
    bytes.append(bracket)
  }

  private mutating func beginValue() {
    if afterKey {
      afterKey = false
      return
    }
    guard let last = hasElement.last else { return }
    if last { bytes.append(0x2C) }
    hasElement[hasElement.count - 1] = true
    newline()
  }

  private mutating func newline() {
    bytes.append(0x0A)
    bytes.append(contentsOf: repeatElement(0x20, count: depth * 2))
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// Appends `value` as a JSON string: quotes, backslashes and control characters escaped
  /// (`\n`, `\t`, `\u001b`, ...); U+2028 and U+2029 escaped too, so the output is also valid
  /// JavaScript, and U+FEFF, so no reader mistakes it for a byte order mark. A Swift string
  /// holds no lone surrogates, so the UTF-8 is always valid.
  public static func appendString(_ value: String, to bytes: inout [UInt8]) {
    bytes.append(0x22)
    var value = value
    value.withUTF8 { utf8 in
      var runStart = 0
      var index = 0
      let count = utf8.count
      while index < count {
        let byte = utf8[index]
        var escape: [UInt8]?
        var skip = 1
        switch byte {
        case 0x22: escape = [0x5C, 0x22]
        case 0x5C: escape = [0x5C, 0x5C]
        case 0x0A: escape = [0x5C, 0x6E]
        case 0x0D: escape = [0x5C, 0x72]
        case 0x09: escape = [0x5C, 0x74]
        case 0x08: escape = [0x5C, 0x62]
        case 0x0C: escape = [0x5C, 0x66]
        case 0x00..<0x20:
          escape = Array("\\u00".utf8) + [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
        case 0xE2:
          // U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR: E2 80 A8 / E2 80 A9.
          if index + 2 < count, utf8[index + 1] == 0x80,
            utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9
          {
            escape = Array((utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
            skip = 3
          }
        case 0xEF:
          // U+FEFF, the byte order mark: some readers drop it even inside strings.
          if index + 2 < count, utf8[index + 1] == 0xBB, utf8[index + 2] == 0xBF {
            escape = Array("\\ufeff".utf8)
            skip = 3
          }
        default: break
        }
        if let escape {
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
          bytes.append(contentsOf: escape)
          index += skip
          runStart = index
        } else {
          index += 1
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
    }
    bytes.append(0x22)
  }
}
