import CaptionCore
import CaptionFormats
import Testing

/// Arbitrary bytes in any encoding give valid UTF-8 and a bounded list of diagnostics.
@Suite("TextDecoding robustness")
struct TextDecodingRobustnessTests {
  /// SplitMix64, so every run sees the same bytes.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func bytes(_ count: Int) -> [UInt8] {
      (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }
  }

  static let modes: [(TextEncoding?, String?)] =
    TextEncoding.allCases.map { ($0, nil) }
    + ["ko", "ja", "zh", "ar", "he", "ru", "fr"].map { (nil, $0) } + [(nil, nil)]

  @Test func randomBytesDecodeToValidUTF8() throws {
    var generator = Generator(state: 2026)
    for round in 0..<20 {
      var input = generator.bytes(Int(generator.next() % 300))
      if round % 4 == 0 { input = [0xFF, 0xFE] + input }
      if round % 4 == 1 { input = [0xEF, 0xBB, 0xBF] + input }
      for (encoding, language) in TextDecodingRobustnessTests.modes {
        let decoded = TextDecoding.decode(
          input, encoding: encoding, language: language.flatMap(LanguageTag.init))
        #expect(String(validating: decoded.utf8, as: UTF8.self) != nil)
        #expect(decoded.diagnostics.count <= DecodingLimits.maximumDiagnostics)
        #expect(decoded.diagnostics.allSatisfy { $0.rule == "parse.encoding" })
        let replaced =
          decoded.utf8.count >= 3
          && decoded.utf8.indices.dropLast(2).contains {
            decoded.utf8[$0] == 0xEF && decoded.utf8[$0 + 1] == 0xBF && decoded.utf8[$0 + 2] == 0xBD
          }
        if replaced {
          #expect(decoded.diagnostics.contains { $0.severity == .error })
        }
      }
    }
  }

  /// Against the standard library's decoder, which also replaces each maximal invalid
  /// subpart: same output, and diagnostics exactly when the input is not UTF-8.
  @Test func utf8AgreesWithTheStandardLibrary() {
    var generator = Generator(state: 42)
    // Bytes that make UTF-8 edge cases likely: ASCII, continuations, every kind of lead.
    let alphabet: [UInt8] = [
      0x41, 0x20, 0x0A, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
      0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ]
    for _ in 0..<4_000 {
      let length = Int(generator.next() % 48)
      let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
      let decoded = TextDecoding.decode(bytes, encoding: .utf8)
      let expected = Array(String(decoding: bytes, as: UTF8.self).utf8)
      let valid = String(validating: bytes, as: UTF8.self) != nil
      if decoded.utf8 != expected || decoded.diagnostics.isEmpty != valid {
        Issue.record("UTF-8 decoding of \(bytes) differs from the standard library")
      }
    }
  }

  @Test func largeGarbageStaysBounded() {
    var generator = Generator(state: 7)
    let input = generator.bytes(1 << 16)
    for (encoding, language) in TextDecodingRobustnessTests.modes {
      let decoded = TextDecoding.decode(
        input, encoding: encoding, language: language.flatMap(LanguageTag.init))
      #expect(decoded.utf8.count <= input.count * 3 + 3)
      #expect(decoded.diagnostics.count <= DecodingLimits.maximumDiagnostics)
    }
  }

  enum DecodingLimits {
    /// Two warnings, twenty listed runs, the count of the rest and a cut-short tail.
    static let maximumDiagnostics = 24
  }
}
