#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Byte-level helpers of the WebVTT parser: scanning lines, making strings, quoting.
extension WebVTTParser {
  /// The first "-->" and the first NUL byte of a line, found with `memchr`.
  func scanLine(_ range: Range<Int>) -> (arrow: Int?, nul: Int?) {
    guard !range.isEmpty else { return (nil, nil) }
    return bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return (nil, nil) }
      let start = UnsafeRawPointer(base)
      let end = range.upperBound
      @inline(__always) func find(_ byte: Int32, from index: Int) -> Int? {
        guard index < end, let found = memchr(base + index, byte, end - index) else {
          return nil
        }
        return start.distance(to: UnsafeRawPointer(found))
      }
      var arrow: Int?
      var from = range.lowerBound
      while let greaterThan = find(0x3E, from: from) {
        if greaterThan - range.lowerBound >= 2, buffer[greaterThan - 1] == 0x2D,
          buffer[greaterThan - 2] == 0x2D
        {
          arrow = greaterThan - 2
          break
        }
        from = greaterThan + 1
      }
      return (arrow, find(0, from: range.lowerBound))
    }
  }

  /// The index of the first "-->" in `range`.
  func findArrow(_ range: Range<Int>) -> Int? {
    scanLine(range).arrow
  }

  /// The text of `range`, with each NUL read as U+FFFD.
  func string(_ range: Range<Int>) -> String {
    guard !range.isEmpty else { return "" }
    return bytes.withUnsafeBufferPointer { buffer in
      let slice = UnsafeBufferPointer(rebasing: buffer[range])
      if scanLine(range).nul == nil {
        return String(decoding: slice, as: UTF8.self)
      }
      var copy: [UInt8] = []
      copy.reserveCapacity(slice.count + 8)
      for byte in slice {
        if byte == 0 { copy.append(contentsOf: [0xEF, 0xBF, 0xBD]) } else { copy.append(byte) }
      }
      return String(decoding: copy, as: UTF8.self)
    }
  }

  /// The lines joined with LF, each NUL read as U+FFFD: one string, built without copying
  /// when the lines already sit in the file that way.
  func joined(_ lines: [TextLine]) -> String {
    guard let first = lines.first, let last = lines.last else { return "" }
    var contiguous = true
    for index in lines.indices.dropLast()
    where lines[index].terminator != .lf
      || lines[index].range.upperBound + 1 != lines[index + 1].range.lowerBound
    {
      contiguous = false
      break
    }
    if contiguous {
      return string(first.range.lowerBound..<last.range.upperBound)
    }
    var result = ""
    for (index, line) in lines.enumerated() {
      if index > 0 { result += "\n" }
      result += string(line.range)
    }
    return result
  }

  /// The range of the file that holds the lines joined with LF, when they sit there that way
  /// and hold no NUL; else nil.
  func contiguousRange(_ lines: [TextLine]) -> Range<Int>? {
    guard let first = lines.first, let last = lines.last else { return 0..<0 }
    for index in lines.indices.dropLast()
    where lines[index].terminator != .lf
      || lines[index].range.upperBound + 1 != lines[index + 1].range.lowerBound
    {
      return nil
    }
    let range = first.range.lowerBound..<last.range.upperBound
    let hasNUL = bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, !range.isEmpty else { return false }
      return memchr(base + range.lowerBound, 0, range.count) != nil
    }
    return hasNUL ? nil : range
  }

  /// `range` as a quoted string for a message: cut after 40 bytes, control characters
  /// written as `\u{B}`.
  func quote(_ range: Range<Int>) -> String {
    let limit = 40
    var end = range.upperBound
    if range.count > limit {
      end = range.lowerBound + limit
      while end > range.lowerBound, bytes[end] & 0xC0 == 0x80 { end -= 1 }
    }
    return "\"" + Self.escaped(string(range.lowerBound..<end))
      + (end < range.upperBound ? "…\"" : "\"")
  }

  func quoteString(_ text: String) -> String {
    let utf8 = Array(text.utf8)
    guard utf8.count > 40 else { return "\"" + Self.escaped(text) + "\"" }
    var end = 40
    while end > 0, utf8[end] & 0xC0 == 0x80 { end -= 1 }
    return "\"" + Self.escaped(String(decoding: utf8[0..<end], as: UTF8.self)) + "…\""
  }

  static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
      return text
    }
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20 || scalar.value == 0x7F {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A character for a message: `a form feed (U+000C)`, `"x"`.
  func describe(byte: UInt8) -> String {
    switch byte {
    case 0x0C: return "a form feed (U+000C)"
    case 0x0B: return "a vertical tab (U+000B)"
    case 0x00: return "a NUL character"
    case 0x01...0x1F, 0x7F:
      let hex = String(byte, radix: 16, uppercase: true)
      return "the control character U+00\(hex.count < 2 ? "0" + hex : hex)"
    case 0x20...0x7E: return "\"\(Character(Unicode.Scalar(byte)))\""
    default:
      let hex = String(byte, radix: 16, uppercase: true)
      return "the byte 0x\(hex.count < 2 ? "0" + hex : hex)"
    }
  }

  /// Whether `range` holds exactly the ASCII text `word`.
  func equals(_ range: Range<Int>, _ word: StaticString) -> Bool {
    guard range.count == word.utf8CodeUnitCount else { return false }
    return word.withUTF8Buffer { keyword in
      keyword.indices.allSatisfy { bytes[range.lowerBound + $0] == keyword[$0] }
    }
  }
}

/// ASCII whitespace as HTML defines it: tab, LF, form feed, CR, space.
@inline(__always)
func isASCIIWhitespace(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
}

@inline(__always)
func isASCIIDigit(_ byte: UInt8) -> Bool {
  byte >= 0x30 && byte <= 0x39
}
