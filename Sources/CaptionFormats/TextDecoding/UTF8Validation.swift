import CaptionCore

/// Strict UTF-8 validation (no overlong forms, no surrogates, nothing above U+10FFFF), with
/// an ASCII fast path that checks 32 and then 8 bytes at a time.
enum UTF8Validation {
  /// The first invalid sequence found by `scan`.
  struct Invalid: Equatable {
    /// Byte offset of the sequence in the scanned buffer.
    var offset: Int
    /// Length of the maximal invalid subpart (1 to 3 bytes): the bytes that one U+FFFD
    /// replaces.
    var length: Int
    /// How many valid non-ASCII sequences came before it.
    var nonASCIIBefore: Int

    /// True when enough valid non-ASCII text came first to suggest a file that mixes
    /// encodings. One or two sequences prove nothing: legacy double-byte text often starts
    /// with a pair that happens to be valid UTF-8 (CP949 `천` is the bytes of UTF-8 `õ`).
    var suggestsMixedEncodings: Bool { nonASCIIBefore >= 4 }
  }

  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// Scans `buffer` from `start`; nil when the rest of the buffer is valid UTF-8.
  static func scan(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Invalid? {
    guard let base = buffer.baseAddress else { return nil }
    let count = buffer.count
    let raw = UnsafeRawPointer(base)
    var index = start
    var nonASCII = 0
    while index < count {
      let lead = base[index]
      if lead < 0x80 {
        index += 1
        // Wide loads only pay off on long ASCII runs: try 8 bytes, then 32 at a time.
        guard index + 8 <= count,
          raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & highBits == 0
        else { continue }
        index += 8
        while index + 32 <= count {
          let a = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
          let b = raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
          let c = raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
          let d = raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
          if (a | b | c | d) & highBits != 0 { break }
          index += 32
        }
        while index + 8 <= count {
          if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & highBits != 0 { break }
          index += 8
        }
        continue
      }
      // Two- and three-byte sequences (Latin, Cyrillic, Arabic, Hebrew, CJK, Hangul) checked
      // inline; four-byte ones and errors go through `sequenceLength`.
      if index + 2 < count {
        let second = base[index + 1]
        if lead & 0xE0 == 0xC0, lead >= 0xC2, second & 0xC0 == 0x80 {
          nonASCII += 1
          index += 2
          continue
        }
        let third = base[index + 2]
        if lead & 0xF0 == 0xE0, second & 0xC0 == 0x80, third & 0xC0 == 0x80,
          lead != 0xE0 || second >= 0xA0, lead != 0xED || second < 0xA0
        {
          nonASCII += 1
          index += 3
          continue
        }
      }
      let length = sequenceLength(base, count, index)
      if length < 0 {
        return Invalid(offset: index, length: -length, nonASCIIBefore: nonASCII)
      }
      nonASCII += 1
      index += length
    }
    return nil
  }

  /// The length of the valid sequence at `index` (2 to 4), or minus the length of its
  /// maximal invalid subpart.
  @inline(__always)
  private static func sequenceLength(
    _ base: UnsafePointer<UInt8>, _ count: Int, _ index: Int
  ) -> Int {
    let lead = base[index]
    let needed: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: needed = 1
    case 0xE0:
      needed = 2
      low = 0xA0
    case 0xED:
      needed = 2
      high = 0x9F
    case 0xE1...0xEF: needed = 2
    case 0xF0:
      needed = 3
      low = 0x90
    case 0xF4:
      needed = 3
      high = 0x8F
    case 0xF1...0xF3: needed = 3
    default: return -1
    }
    var next = index + 1
    if next >= count { return -1 }
    let second = base[next]
    if second < low || second > high { return -1 }
    next += 1
    var matched = 1
    while matched < needed {
      if next >= count || base[next] & 0xC0 != 0x80 { return -(1 + matched) }
      matched += 1
      next += 1
    }
    return needed + 1
  }
}
