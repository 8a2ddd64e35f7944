import Testing

@testable import CaptionFormats

/// A large buffer checked in two halves at once gives the answer of one scan.
struct UTF8ValidationTests {
  /// About 1.5 MiB of mixed text: ASCII, Latin, Hangul and emoji, so that the middle may
  /// fall inside a sequence of any length.
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

  static func scan(_ bytes: [UInt8], threads: Int) -> UTF8Validation.Invalid? {
    bytes.withUnsafeBufferPointer { UTF8Validation.scan($0, threads: threads) }
  }

  @Test(arguments: 0..<4)
  func validTextIsValidInTwoHalves(shift: Int) {
    let bytes = Self.text(shift: shift)
    #expect(bytes.count >= UTF8Validation.twoHalvesSize)
    #expect(Self.scan(bytes, threads: 2) == nil)
  }

  /// Offsets early, late, and on each side of where the halves meet.
  static let offsets: [Int] = {
    let middle = text(shift: 1).count / 2
    return [10, 1_500_000] + Array(middle - 4...middle + 4)
  }()

  @Test(arguments: offsets)
  func anInvalidByteIsFoundAsOneScanFindsIt(offset: Int) {
    var bytes = Self.text(shift: 1)
    bytes[offset] = 0xFF
    let whole = Self.scan(bytes, threads: 1)
    #expect(whole != nil)
    #expect(Self.scan(bytes, threads: 2) == whole)
  }

  @Test(arguments: offsets)
  func aLeadByteWithoutItsSequenceIsFoundAsOneScanFindsIt(offset: Int) {
    var bytes = Self.text(shift: 1)
    bytes[offset] = 0xE3
    bytes[offset + 1] = 0x61
    let whole = Self.scan(bytes, threads: 1)
    #expect(whole != nil)
    #expect(Self.scan(bytes, threads: 2) == whole)
  }

  @Test func aSequenceCutAtTheMiddleIsInvalid() {
    // Continuation bytes past where the halves would meet: more than a sequence may have.
    var bytes = Array(repeating: UInt8(0x61), count: 1_200_000)
    for index in 599_998..<600_006 { bytes[index] = 0x80 }
    let whole = Self.scan(bytes, threads: 1)
    #expect(whole?.offset == 599_998)
    #expect(Self.scan(bytes, threads: 2) == whole)
  }
}
