/// HTML's "consume a character reference", as the WebVTT cue text tokenizer uses it: the bytes
/// after an `&`, decoded to the characters they stand for.
struct CueTextCharacterReference {
  /// What went wrong, when a strict reader would not take the reference as written.
  enum Problem: Equatable {
    /// An `&` that starts no reference (`a & b`, `&<`, `&#;`).
    case bareAmpersand
    /// Letters and digits ending in `;` that name no reference (`&foo;`).
    case unknownName(String)
    /// A reference without its final `;` (`&amp`).
    case missingSemicolon(String)
    /// A numeric reference to a code point that is not a character (`&#0;`, `&#xD800;`).
    case invalidCodePoint(String)
  }

  /// The characters the reference stands for; empty when nothing was consumed (the `&`
  /// stays literal).
  var value = ""
  /// The count of bytes consumed after the `&`.
  var length = 0
  var problem: Problem?

  /// Consumes a reference from `input` starting just after an `&` at `start`. `additional` is
  /// the additional allowed character (`>` inside a start tag annotation).
  init(_ input: UnsafeBufferPointer<UInt8>, at start: Int, additional: UInt8?) {
    let count = input.count
    guard start < count else {
      problem = .bareAmpersand
      return
    }
    let first = input[start]
    switch first {
    case 0x09, 0x0A, 0x0C, 0x20, UInt8(ascii: "<"), UInt8(ascii: "&"):
      problem = .bareAmpersand
    case _ where first == additional:
      problem = .bareAmpersand
    case UInt8(ascii: "#"):
      consumeNumeric(input, at: start)
    default:
      consumeNamed(input, at: start)
    }
  }

  private mutating func consumeNumeric(_ input: UnsafeBufferPointer<UInt8>, at start: Int) {
    let count = input.count
    var index = start + 1
    var hex = false
    if index < count, input[index] == UInt8(ascii: "x") || input[index] == UInt8(ascii: "X") {
      hex = true
      index += 1
    }
    let digitsStart = index
    var code: UInt32 = 0
    while index < count {
      let byte = input[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f") where hex:
        digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F") where hex:
        digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: digit = 99
      }
      if digit == 99 { break }
      // Saturate above the last code point: the value only needs to be known as too large.
      code = min(code &* (hex ? 16 : 10) &+ digit, 0x11_0000)
      index += 1
    }
    guard index > digitsStart else {
      problem = .bareAmpersand
      return
    }
    let hasSemicolon = index < count && input[index] == UInt8(ascii: ";")
    if hasSemicolon { index += 1 }
    length = index - start
    let written =
      "&" + String(decoding: UnsafeBufferPointer(rebasing: input[start..<index]), as: UTF8.self)
    if !hasSemicolon { problem = .missingSemicolon(written) }

    var scalar: Unicode.Scalar
    var invalid = false
    if code == 0 || (0xD800...0xDFFF).contains(code) || code > 0x10_FFFF {
      scalar = "\u{FFFD}"
      invalid = true
    } else if let replaced = Self.windows1252[code] {
      scalar = Unicode.Scalar(replaced) ?? "\u{FFFD}"
      invalid = true
    } else {
      scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
      invalid =
        (0x01...0x08).contains(code) || code == 0x0B || (0x0D...0x1F).contains(code)
        || (0x7F...0x9F).contains(code) || (0xFDD0...0xFDEF).contains(code)
        || code & 0xFFFE == 0xFFFE
    }
    if invalid, problem == nil { problem = .invalidCodePoint(written) }
    value = String(Character(scalar))
  }

  private mutating func consumeNamed(_ input: UnsafeBufferPointer<UInt8>, at start: Int) {
    let count = input.count
    var end = start
    while end < count, end - start < HTMLEntities.longestName, Self.isAlphanumeric(input[end]) {
      end += 1
    }
    let run = end - start
    guard run > 0 else {
      problem = .bareAmpersand
      return
    }
    // The references cue text uses most, matched without building a string.
    if end < count, input[end] == UInt8(ascii: ";"), let common = Self.common(input, start, run) {
      value = common
      length = run + 1
      return
    }
    let table = HTMLEntities.table
    // The longest name that matches: the whole run with its `;`, then ever shorter prefixes
    // (legacy names such as `not` match without one).
    if end < count, input[end] == UInt8(ascii: ";"), run < HTMLEntities.longestName {
      let name = String(decoding: UnsafeBufferPointer(rebasing: input[start...end]), as: UTF8.self)
      if let found = table[name] {
        value = found
        length = run + 1
        return
      }
    }
    var length = run
    while length > 0 {
      let name = String(
        decoding: UnsafeBufferPointer(rebasing: input[start..<(start + length)]), as: UTF8.self)
      if let found = table[name] {
        value = found
        self.length = length
        problem = .missingSemicolon("&" + name)
        return
      }
      length -= 1
    }
    // No match: unknown when letters and digits end in `;`, otherwise a bare `&`.
    var scan = start
    while scan < count, scan - start <= 64, Self.isAlphanumeric(input[scan]) { scan += 1 }
    if scan < count, input[scan] == UInt8(ascii: ";"), scan - start <= 64 {
      let name = String(decoding: UnsafeBufferPointer(rebasing: input[start...scan]), as: UTF8.self)
      problem = .unknownName("&" + name)
    } else {
      problem = .bareAmpersand
    }
  }

  /// `amp`, `lt`, `gt`, `nbsp`, `quot`, `lrm` or `rlm` at `start`, `run` bytes long.
  private static func common(_ input: UnsafeBufferPointer<UInt8>, _ start: Int, _ run: Int)
    -> String?
  {
    func matches(_ name: StaticString) -> Bool {
      guard name.utf8CodeUnitCount == run else { return false }
      let bytes = UnsafeBufferPointer(start: name.utf8Start, count: run)
      for index in 0..<run where input[start + index] != bytes[index] { return false }
      return true
    }
    switch run {
    case 2:
      if matches("lt") { return "<" }
      if matches("gt") { return ">" }
    case 3:
      if matches("amp") { return "&" }
      if matches("lrm") { return "\u{200E}" }
      if matches("rlm") { return "\u{200F}" }
    case 4:
      if matches("nbsp") { return "\u{A0}" }
      if matches("quot") { return "\"" }
    default: break
    }
    return nil
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"):
      return true
    default: return false
    }
  }

  /// HTML's replacements for numeric references to C1 controls, read as windows-1252.
  private static let windows1252: [UInt32: UInt32] = [
    0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020,
    0x87: 0x2021, 0x88: 0x02C6, 0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152,
    0x8E: 0x017D, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022,
    0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC, 0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A,
    0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
  ]
}
