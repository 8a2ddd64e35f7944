/// Decoders from UTF-8 with errors, UTF-16 and UTF-32 to valid UTF-8; each undecodable
/// sequence becomes one U+FFFD and is recorded in `DecodingIssues`.
enum UnicodeDecoding {
  static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

  /// Appends the UTF-8 form of `scalar`, a valid Unicode scalar value.
  @inline(__always)
  static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
      output.append(UInt8(scalar))
    case 0x80..<0x800:
      output.append(UInt8(0xC0 | scalar >> 6))
      output.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      output.append(UInt8(0xE0 | scalar >> 12))
      output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      output.append(UInt8(0x80 | scalar & 0x3F))
    default:
      output.append(UInt8(0xF0 | scalar >> 18))
      output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      output.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  /// UTF-8 with invalid sequences: copies the valid stretches, replaces each maximal invalid
  /// subpart.
  static func repairUTF8(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, issues: inout DecodingIssues
  ) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(buffer.count - start + 64)
    var index = start
    while let invalid = UTF8Validation.scan(buffer, from: index) {
      output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<invalid.offset]))
      let end = invalid.offset + invalid.length
      issues.undecodable(
        UnsafeBufferPointer(rebasing: buffer[invalid.offset..<end]), at: invalid.offset,
        decodedOffset: output.count)
      output.append(contentsOf: replacement)
      index = end
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index...]))
    return output
  }

  /// UTF-16 in either byte order; unpaired surrogates and an odd last byte are undecodable.
  static func decodeUTF16(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, bigEndian: Bool,
    issues: inout DecodingIssues
  ) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity((buffer.count - start) / 2 * 3)
    let end = start + (buffer.count - start) / 2 * 2
    @inline(__always) func unit(_ at: Int) -> UInt32 {
      bigEndian
        ? UInt32(buffer[at]) << 8 | UInt32(buffer[at + 1])
        : UInt32(buffer[at + 1]) << 8 | UInt32(buffer[at])
    }
    var index = start
    while index < end {
      let first = unit(index)
      if first < 0x80 {
        output.append(UInt8(first))
        index += 2
        continue
      }
      if first & 0xF800 != 0xD800 {
        appendUTF8(first, to: &output)
        index += 2
        continue
      }
      if first < 0xDC00, index + 4 <= end {
        let second = unit(index + 2)
        if second & 0xFC00 == 0xDC00 {
          appendUTF8(0x10000 + (first - 0xD800) << 10 + (second - 0xDC00), to: &output)
          index += 4
          continue
        }
      }
      issues.undecodable(
        UnsafeBufferPointer(rebasing: buffer[index..<index + 2]), at: index,
        decodedOffset: output.count)
      output.append(contentsOf: replacement)
      index += 2
    }
    if end < buffer.count {
      issues.truncatedUnit(length: buffer.count - end, at: end, decodedOffset: output.count)
      output.append(contentsOf: replacement)
    }
    return output
  }

  /// UTF-32 in either byte order; surrogates, values above U+10FFFF and a short last unit
  /// are undecodable.
  static func decodeUTF32(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, bigEndian: Bool,
    issues: inout DecodingIssues
  ) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity((buffer.count - start) / 4 * 3)
    let end = start + (buffer.count - start) / 4 * 4
    var index = start
    while index < end {
      let b0 = UInt32(buffer[index])
      let b1 = UInt32(buffer[index + 1])
      let b2 = UInt32(buffer[index + 2])
      let b3 = UInt32(buffer[index + 3])
      let value =
        bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
      if value < 0x11_0000, value & 0xFFFF_F800 != 0xD800 {
        appendUTF8(value, to: &output)
      } else {
        issues.undecodable(
          UnsafeBufferPointer(rebasing: buffer[index..<index + 4]), at: index,
          decodedOffset: output.count)
        output.append(contentsOf: replacement)
      }
      index += 4
    }
    if end < buffer.count {
      issues.truncatedUnit(length: buffer.count - end, at: end, decodedOffset: output.count)
      output.append(contentsOf: replacement)
    }
    return output
  }
}
