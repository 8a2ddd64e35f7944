import Testing

@testable import CaptionFormats

/// The strict UTF-8 scan finds the first invalid sequence where it is, in long runs of
/// ASCII (read eight and 32 bytes at a time) and of other text alike.
struct UTF8ValidationTests {
  /// About 1.5 MiB of mixed text: ASCII, Latin, Hangul and emoji, shifted by `shift` bytes
  /// so that a wide read may start inside a sequence of any length.
  static func text(shift: Int) -> [UInt8] {
    let pieces = ["caption line ", "é", "한국어 ", "😀", "\n"]
    var bytes: [UInt8] = Array(repeating: 0x61, count: shift)
    var index = 0
    while bytes.count < 1_600_000 {
      bytes += pieces[index % pieces.count].utf8
      index += 1
    }
    return bytes
  }

  static func scan(_ bytes: [UInt8]) -> UTF8Validation.Invalid? {
    bytes.withUnsafeBufferPointer { UTF8Validation.scan($0) }
  }

  @Test(arguments: 0..<4)
  func validTextIsValid(shift: Int) {
    #expect(Self.scan(Self.text(shift: shift)) == nil)
  }

  /// Offsets early, late, and around the middle of the text.
  static let offsets: [Int] = {
    let middle = text(shift: 1).count / 2
    return [10, 1_500_000] + Array(middle - 4...middle + 4)
  }()

  @Test(arguments: offsets)
  func anInvalidByteIsFoundWhereItIs(offset: Int) {
    var bytes = Self.text(shift: 1)
    // The first byte of the sequence the offset falls in is the one made invalid.
    var start = offset
    while bytes[start] & 0xC0 == 0x80 { start -= 1 }
    bytes[start] = 0xFF
    #expect(Self.scan(bytes)?.offset == start)
    #expect(Self.scan(bytes)?.length == 1)
  }

  @Test(arguments: offsets)
  func aLeadByteWithoutItsSequenceIsFoundWhereItIs(offset: Int) {
    var bytes = Self.text(shift: 1)
    var start = offset
    while bytes[start] & 0xC0 == 0x80 { start -= 1 }
    bytes[start] = 0xE3
    bytes[start + 1] = 0x61
    #expect(Self.scan(bytes)?.offset == start)
  }

  @Test func continuationBytesWithoutALeadAreInvalid() {
    var bytes = Array(repeating: UInt8(0x61), count: 1_200_000)
    for index in 599_998..<600_006 { bytes[index] = 0x80 }
    #expect(Self.scan(bytes)?.offset == 599_998)
  }

  @Test func validSequencesBeforeTheFirstInvalidOneAreCounted() {
    let bytes = Array("é한😀".utf8) + [0xFF]
    let invalid = Self.scan(bytes)
    #expect(invalid?.offset == 9)
    #expect(invalid?.nonASCIIBefore == 3)
  }
}
