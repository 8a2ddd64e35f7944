import CaptionCore
import CaptionFormats
import Testing

@Suite("TextDecoding")
struct TextDecodingTests {
  func text(_ decoded: DecodedText) -> String { String(decoding: decoded.utf8, as: UTF8.self) }

  func lines(_ decoded: DecodedText) -> [String] { decoded.diagnostics.map(\.compilerStyle) }

  @Test func asciiAndUTF8NeedNoLegacyPage() {
    let bytes = Array("WEBVTT\n\n00:01.000 --> 00:02.000\n안녕하세요\n".utf8)
    for language in ["ko", "ar", "fr"] {
      let decoded = TextDecoding.decode(bytes, language: LanguageTag(language))
      #expect(decoded.encoding == .utf8)
      #expect(decoded.utf8 == bytes)
      #expect(decoded.diagnostics.isEmpty)
    }
  }

  @Test func emptyInputIsEmptyUTF8() {
    let decoded = TextDecoding.decode([])
    #expect(decoded.utf8.isEmpty)
    #expect(decoded.encoding == .utf8)
    #expect(decoded.diagnostics.isEmpty)
  }

  @Test func utf32LittleEndianMarkIsCheckedBeforeUTF16() {
    let decoded = TextDecoding.decode([0xFF, 0xFE, 0x00, 0x00, 0x41, 0x00, 0x00, 0x00])
    #expect(decoded.encoding == .utf32LE)
    #expect(text(decoded) == "A")
  }

  @Test func forcedUTF16LittleEndianReadsTheUTF32LookalikeAsUTF16() {
    let decoded = TextDecoding.decode([0xFF, 0xFE, 0x00, 0x00, 0x41, 0x00], encoding: .utf16LE)
    #expect(decoded.encoding == .utf16LE)
    #expect(text(decoded) == "\u{0}A")
    #expect(
      decoded.diagnostics.map(\.message) == [
        "file is not UTF-8; decoded as UTF-16LE (byte order mark)"
      ])
  }

  @Test func utf8InvalidSequencesAreReplacedByMaximalSubpart() {
    // After the mark: a, lone C3, b, E2 82 cut short, c, surrogate ED A0 80, d, F4 90 80 80.
    let bytes: [UInt8] =
      [0xEF, 0xBB, 0xBF, 0x61, 0xC3, 0x62, 0xE2, 0x82, 0x63, 0xED, 0xA0, 0x80, 0x64]
      + [0xF4, 0x90, 0x80, 0x80]
    let decoded = TextDecoding.decode(bytes, file: "x.vtt")
    #expect(decoded.encoding == .utf8)
    #expect(
      text(decoded) == "a\u{FFFD}b\u{FFFD}c\u{FFFD}\u{FFFD}\u{FFFD}d"
        + String(
          repeating: "\u{FFFD}", count: 4))
    #expect(
      lines(decoded) == [
        "x.vtt:1:2: error: byte 0xC3 at offset 4 is not valid UTF-8; replaced with U+FFFD "
          + "[parse.encoding]",
        "x.vtt:1:6: error: 2 bytes 0xE2 0x82 at offset 6 are not valid UTF-8; replaced with "
          + "U+FFFD [parse.encoding]",
        "x.vtt:1:10: error: 3 bytes 0xED 0xA0 0x80 at offset 9 are not valid UTF-8; replaced "
          + "with 3 U+FFFD [parse.encoding]",
        "x.vtt:1:20: error: 4 bytes 0xF4 0x90 0x80 0x80 at offset 13 are not valid UTF-8; "
          + "replaced with 4 U+FFFD [parse.encoding]",
      ])
  }

  @Test func forcedUTF8ReportsEveryUndecodableRun() {
    let decoded = TextDecoding.decode(Array("é".utf8) + [0xE9, 0x0A, 0xC0, 0xAF], encoding: .utf8)
    #expect(decoded.encoding == .utf8)
    #expect(text(decoded) == "é\u{FFFD}\n\u{FFFD}\u{FFFD}")
    #expect(
      decoded.diagnostics.map(\.location) == [
        SourceLocation(line: 1, column: 3, offset: 2),
        SourceLocation(line: 2, column: 1, offset: 6),
      ])
    #expect(decoded.diagnostics.allSatisfy { $0.severity == .error })
  }

  @Test func forcedUTF16WithoutMark() {
    let decoded = TextDecoding.decode([0x41, 0x00, 0x3D, 0xD8, 0x00, 0xDE], encoding: .utf16LE)
    #expect(decoded.encoding == .utf16LE)
    #expect(text(decoded) == "A😀")
    #expect(
      decoded.diagnostics.map(\.message) == [
        "file is not UTF-8; decoded as UTF-16LE (as requested)"
      ])
  }

  @Test func wideEncodingsWithoutMarkAreRecognisedByTheirZeroBytes() throws {
    let cases: [(String, TextEncoding)] = [
      ("WEBVTT\n\n안녕", .utf16LE), ("1\r\n", .utf16BE), ("WEBVTT", .utf32LE), ("1\n", .utf32BE),
      ("AB一二", .utf16LE), ("AB一二", .utf16BE), ("A一", .utf32LE), ("A一", .utf32BE),
    ]
    for (string, encoding) in cases {
      var bytes: [UInt8] = []
      for scalar in string.unicodeScalars {
        let value = scalar.value
        switch encoding {
        case .utf16LE: bytes += [UInt8(value & 0xFF), UInt8(value >> 8)]
        case .utf16BE: bytes += [UInt8(value >> 8), UInt8(value & 0xFF)]
        case .utf32LE: bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), 0, 0]
        default: bytes += [0, 0, UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
      }
      let decoded = TextDecoding.decode(bytes, language: LanguageTag("ko"), file: "w.vtt")
      #expect(decoded.encoding == encoding)
      #expect(text(decoded) == string)
      let line = try #require(lines(decoded).first)
      #expect(lines(decoded).count == 1)
      #expect(
        line.hasPrefix(
          "w.vtt:1:1: warning: file is not UTF-8; decoded as \(encoding.rawValue) (guessed from "
            + "the content, confidence 0."))
    }
    // The fewer characters, the lower the confidence.
    let short = TextDecoding.decode([0x31, 0x00, 0x0A, 0x00])
    #expect(
      short.diagnostics.first?.message.hasSuffix("(guessed from the content, confidence 0.22)")
        == true)
    // Not enough to tell, or no zero bytes where UTF-16 would have them: left to UTF-8.
    #expect(TextDecoding.decode([0x41, 0x42, 0x43, 0x44]).encoding == .utf8)
    #expect(TextDecoding.decode([0x41, 0x00, 0x42]).encoding == .utf8)
    let strayNUL = Array("WEBVTT\n\nhello".utf8) + [0] + Array("world!".utf8)
    #expect(TextDecoding.decode(strayNUL).encoding == .utf8)
    #expect(TextDecoding.decode([0x41, 0x00, 0x42], encoding: .utf8).utf8 == [0x41, 0x00, 0x42])
  }

  @Test func utf16OddTailIsReported() {
    let decoded = TextDecoding.decode([0xFF, 0xFE, 0x61, 0x00, 0x62], file: "odd.srt")
    #expect(text(decoded) == "a\u{FFFD}")
    #expect(
      lines(decoded) == [
        "odd.srt:1:1: warning: file is not UTF-8; decoded as UTF-16LE (byte order mark) "
          + "[parse.encoding]",
        "odd.srt:1:2: error: file ends with 1 byte at offset 4 that does not make a whole "
          + "UTF-16LE code unit; replaced with U+FFFD [parse.encoding]",
      ])
  }

  @Test func utf32ShortTailIsReported() {
    let decoded = TextDecoding.decode([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x41, 0x00, 0x00])
    #expect(decoded.encoding == .utf32BE)
    #expect(text(decoded) == "A\u{FFFD}")
    #expect(
      decoded.diagnostics.last?.message
        == "file ends with 2 bytes at offset 8 that do not make a whole UTF-32BE code unit; "
        + "replaced with U+FFFD")
  }

  @Test func utf16SurrogatePairsAndUnpairedSurrogates() {
    // 😀 as a pair, then a lone high surrogate before A, then a lone low surrogate.
    let bytes: [UInt8] = [0xFE, 0xFF, 0xD8, 0x3D, 0xDE, 0x00, 0xD8, 0x00, 0x00, 0x41, 0xDC, 0x00]
    let decoded = TextDecoding.decode(bytes)
    #expect(text(decoded) == "😀\u{FFFD}A\u{FFFD}")
    #expect(
      decoded.diagnostics.map(\.message) == [
        "file is not UTF-8; decoded as UTF-16BE (byte order mark)",
        "2 bytes 0xD8 0x00 at offset 6 are not valid UTF-16BE; replaced with U+FFFD",
        "2 bytes 0xDC 0x00 at offset 10 are not valid UTF-16BE; replaced with U+FFFD",
      ])
    #expect(decoded.diagnostics[1].location?.offset == 4)
  }

  @Test func utf32ValuesOutsideUnicodeAreReported() {
    let bytes: [UInt8] = [0xFF, 0xFE, 0x00, 0x00, 0x00, 0x00, 0x11, 0x00, 0x00, 0xD8, 0x00, 0x00]
    let decoded = TextDecoding.decode(bytes)
    #expect(text(decoded) == "\u{FFFD}\u{FFFD}")
    #expect(
      decoded.diagnostics.map(\.message).dropFirst() == [
        "8 bytes 0x00 0x00 0x11 0x00 0x00 0xD8 0x00 0x00 at offset 4 are not valid UTF-32LE; "
          + "replaced with 2 U+FFFD"
      ])
  }

  @Test func onlyTheFirstMarkIsRemoved() {
    let utf8 = TextDecoding.decode([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x57], file: "d.vtt")
    #expect(text(utf8) == "\u{FEFF}W")
    #expect(utf8.diagnostics.isEmpty)
    let utf16 = TextDecoding.decode([0xFF, 0xFE, 0xFF, 0xFE, 0x57, 0x00])
    #expect(text(utf16) == "\u{FEFF}W")
    #expect(
      utf16.diagnostics.map(\.message) == [
        "file is not UTF-8; decoded as UTF-16LE (byte order mark)"
      ])
    // A mark of another encoding after the first is text, not a mark: kept and visible.
    let mixed = TextDecoding.decode([0xFF, 0xFE, 0xEF, 0xBB, 0xBF, 0x00])
    #expect(mixed.encoding == .utf16LE)
    #expect(text(mixed) == "\u{BBEF}\u{BF}")
  }

  @Test func byteOrderMarkWinsOverForcedEncoding() {
    let decoded = TextDecoding.decode(
      [0xEF, 0xBB, 0xBF] + Array("déjà".utf8), encoding: .windows1252, file: "m.srt")
    #expect(decoded.encoding == .utf8)
    #expect(text(decoded) == "déjà")
    #expect(
      lines(decoded) == [
        "m.srt:1:1: warning: file starts with a UTF-8 byte order mark; decoded as UTF-8, not "
          + "windows-1252 as requested [parse.encoding]"
      ])
  }

  @Test func forcedLegacyOnValidUTF8SaysSo() {
    let decoded = TextDecoding.decode(Array("ok\ndéjà".utf8), encoding: .windows1252)
    #expect(decoded.encoding == .windows1252)
    #expect(text(decoded) == "ok\ndÃ©jÃ\u{A0}")
    #expect(
      decoded.diagnostics.map(\.message) == [
        "file is valid UTF-8 but was decoded as windows-1252 as requested"
      ])
    #expect(decoded.diagnostics.first?.location == SourceLocation(line: 2, column: 2, offset: 4))
  }

  @Test func forcedLegacyOnASCIIIsSilent() {
    let decoded = TextDecoding.decode(Array("WEBVTT\n".utf8), encoding: .shiftJIS)
    #expect(decoded.encoding == .shiftJIS)
    #expect(text(decoded) == "WEBVTT\n")
    #expect(decoded.diagnostics.isEmpty)
  }

  @Test func firstNonUTF8ByteIsLocatedAcrossLineEndings() {
    let bytes = Array("WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nd".utf8) + [0xE9, 0x6A, 0xE0]
    let decoded = TextDecoding.decode(bytes, language: LanguageTag("fr-CA"), file: "f.vtt")
    #expect(text(decoded) == "WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\ndéjà")
    #expect(
      lines(decoded) == [
        "f.vtt:4:2: warning: file is not UTF-8; decoded as windows-1252 (guessed from the "
          + "content and language fr-CA, confidence 0.99) [parse.encoding]"
      ])
    #expect(decoded.diagnostics.first?.location?.offset == 36)
  }

  /// ISO-2022-JP is 7-bit and so valid UTF-8: it is told by its escape sequences.
  @Test func iso2022JPIsReadByItsEscapeSequences() throws {
    let original = LegacyEncoder.srt(["こんにちは、世界。", "字幕のテストです。"])
    let bytes = try LegacyEncoder.encode(original, as: "ISO-2022-JP")
    #expect(bytes.allSatisfy { $0 < 0x80 })
    let decoded = TextDecoding.decode(bytes, file: "ja.srt")
    #expect(decoded.encoding == .iso2022JP)
    #expect(text(decoded) == original)
    #expect(
      decoded.diagnostics.map(\.compilerStyle) == [
        "ja.srt:3:1: warning: file is not UTF-8; decoded as ISO-2022-JP (its escape sequences "
          + "name the character sets) [parse.encoding]"
      ])
    // Named, it is read the same way, as requested.
    let named = TextDecoding.decode(bytes, encoding: .iso2022JP, file: "ja.srt")
    #expect(text(named) == original)
    #expect(named.diagnostics.first?.message.hasSuffix("(as requested)") == true)
    // A terminal's colour code is no ISO-2022-JP escape, and 8-bit text is not ISO-2022-JP.
    let colour = Array("1\r\n00:00:01,000 --> 00:00:02,000\r\n\u{1B}[1mHi\u{1B}[0m\r\n".utf8)
    #expect(TextDecoding.decode(colour).encoding == .utf8)
    let mixed = Array("\u{1B}$Bcafé".utf8)
    #expect(TextDecoding.decode(mixed).encoding == .utf8)
  }

  @Test func mixedEncodingsGetAHint() {
    let bytes = Array("déjà vu, café crème\n".utf8) + [0xE9]
    let decoded = TextDecoding.decode(bytes, language: LanguageTag("fr"))
    #expect(text(decoded) == "dÃ©jÃ\u{A0} vu, cafÃ© crÃ¨me\né")
    #expect(
      decoded.diagnostics.first?.hint
        == "the file has UTF-8 text before this byte and may mix encodings: save it all as "
        + "UTF-8, or name its encoding with --encoding (the next best guess is GB18030)")
  }

  @Test func aLegacyPairThatLooksLikeUTF8IsNoSignOfMixing() {
    // CP949 천 is C3 B5, which is also UTF-8 õ; the next character is not UTF-8.
    let bytes: [UInt8] = [0x5B, 0xC3, 0xB5, 0xB5, 0xD5, 0x5D]
    let decoded = TextDecoding.decode(bytes, language: LanguageTag("ko"))
    #expect(text(decoded) == "[천둥]")
    // Two syllables are little to go on: the guess is doubtful and says what comes next
    // (the same bytes are two kanji in EUC-JP).
    #expect(
      decoded.diagnostics.first?.hint
        == "save the file as UTF-8, or name its encoding with --encoding (the next best guess "
        + "is EUC-JP)")
  }

  @Test func markInsideALegacyCharacterPointsAtThatCharacter() {
    // E3 81 82 is valid UTF-8 (あ), so the first non-UTF-8 byte is A0; in Shift_JIS the
    // bytes are 0xE381 (a kanji) and 0x82A0 (あ), so A0 is inside the second character.
    let decoded = TextDecoding.decode([0x41, 0xE3, 0x81, 0x82, 0xA0], language: LanguageTag("ja"))
    #expect(decoded.encoding == .shiftJIS)
    #expect(text(decoded) == "A\u{7E3A}あ")
    #expect(decoded.diagnostics.map(\.location) == [SourceLocation(line: 1, column: 5, offset: 4)])
  }

  @Test func legacyMultiByteCutShortAtTheEnd() {
    let decoded = TextDecoding.decode(
      Array("a".utf8) + [0xBE, 0xC8, 0xB3], language: LanguageTag("ko"), file: "k.srt")
    #expect(text(decoded) == "a안\u{FFFD}")
    #expect(
      lines(decoded).last
        == "k.srt:1:5: error: byte 0xB3 at offset 3 is not valid CP949; replaced with U+FFFD "
        + "[parse.encoding]")
  }

  @Test func undecodableDiagnosticsAreCappedWithACount() {
    // windows-1252 leaves 0x81 undefined: 100 of them, each between two letters.
    var bytes: [UInt8] = []
    for _ in 0..<100 { bytes += [0x61, 0x81] }
    let decoded = TextDecoding.decode(bytes, encoding: .windows1252, file: "c.txt")
    let errors = decoded.diagnostics.filter { $0.severity == .error }
    #expect(errors.count == 21)
    #expect(
      errors.first?.message
        == "byte 0x81 at offset 1 is not valid windows-1252; replaced with U+FFFD")
    #expect(
      errors.last?.message
        == "80 more undecodable bytes from offset 41 are not listed; each was replaced with U+FFFD")
    #expect(errors.last?.location == SourceLocation(line: 1, column: 82, offset: 81))
    #expect(text(decoded).unicodeScalars.filter { $0 == "\u{FFFD}" }.count == 100)
  }

  @Test func longRunsShowTheirFirstBytes() {
    let decoded = TextDecoding.decode(
      [0xEF, 0xBB, 0xBF] + [UInt8](repeating: 0xFF, count: 12))
    #expect(
      decoded.diagnostics.map(\.message) == [
        "12 bytes 0xFF 0xFF 0xFF 0xFF 0xFF 0xFF 0xFF 0xFF … at offset 3 are not valid UTF-8; "
          + "replaced with 12 U+FFFD"
      ])
  }

  @Test func largeASCIIWithOneBadByteNearTheEnd() {
    var bytes = [UInt8](repeating: 0x61, count: 1 << 20)
    bytes[bytes.count - 3] = 0xE9
    let decoded = TextDecoding.decode(bytes, language: LanguageTag("de"))
    #expect(decoded.encoding == .windows1252)
    #expect(decoded.utf8.count == bytes.count + 1)
    #expect(decoded.diagnostics.first?.location?.offset == bytes.count - 3)
  }

  @Test func everyValidUTF8LengthAndBoundaryIsAccepted() {
    let string = "\u{7F}\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFF}\u{10000}\u{10FFFF}"
    for padding in 0..<40 {
      let bytes = [UInt8](repeating: 0x20, count: padding) + Array(string.utf8)
      #expect(TextDecoding.decode(bytes).utf8 == bytes)
    }
  }

  @Test func overlongFormsAreNotUTF8() {
    for bytes: [UInt8] in [
      [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xF0, 0x80, 0x80, 0x80],
      [0xF5, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80],
    ] {
      let padded = [UInt8](repeating: 0x61, count: 9) + bytes
      let decoded = TextDecoding.decode(padded, encoding: .utf8)
      #expect(decoded.diagnostics.count == 1, "\(bytes)")
      #expect(decoded.diagnostics.first?.location?.offset == 9)
    }
  }
}
