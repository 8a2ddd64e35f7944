import CaptionCore
import CaptionFormats
import Testing

@Suite("TextDecoding on the encoding fixtures")
struct TextDecodingFixtureTests {
  struct UnicodeCase: Sendable, CustomTestStringConvertible {
    var name: String
    var encoding: TextEncoding
    var testDescription: String { name }
  }

  static let unicodeCases = [
    UnicodeCase(name: "utf16le-bom.vtt", encoding: .utf16LE),
    UnicodeCase(name: "utf16be-bom.srt", encoding: .utf16BE),
    UnicodeCase(name: "utf32le-bom.vtt", encoding: .utf32LE),
    UnicodeCase(name: "utf32be-bom.srt", encoding: .utf32BE),
  ]

  @Test func utf8WithoutMarkIsReturnedAsIs() throws {
    let bytes = try EncodingFixtures.bytes("utf8.vtt")
    let decoded = TextDecoding.decode(bytes, language: LanguageTag("ko"), file: "utf8.vtt")
    #expect(decoded.encoding == .utf8)
    #expect(decoded.diagnostics.isEmpty)
    #expect(decoded.utf8 == bytes)
    #expect(
      String(decoding: decoded.utf8, as: UTF8.self) == "WEBVTT\n\n"
        + "00:00:01.000 --> 00:00:03.500\nCafé — 안녕 — 😀\n\n"
        + "00:00:04.000 --> 00:00:06.500\nnaïve 日本語 𠮷\n")
  }

  @Test func utf8MarkIsRemovedWithoutDiagnostic() throws {
    let bytes = try EncodingFixtures.bytes("utf8-bom.srt")
    #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
    let decoded = TextDecoding.decode(bytes, file: "utf8-bom.srt")
    #expect(decoded.encoding == .utf8)
    #expect(decoded.diagnostics.isEmpty)
    #expect(
      String(decoding: decoded.utf8, as: UTF8.self)
        == (try EncodingFixtures.expectedText("utf8-bom.srt")))
  }

  @Test(arguments: unicodeCases)
  func wideUnicodeWithMark(_ fixture: UnicodeCase) throws {
    let decoded = TextDecoding.decode(
      try EncodingFixtures.bytes(fixture.name), language: LanguageTag("ja"), file: fixture.name)
    #expect(decoded.encoding == fixture.encoding)
    #expect(
      String(decoding: decoded.utf8, as: UTF8.self)
        == (try EncodingFixtures.expectedText(fixture.name)))
    #expect(
      decoded.diagnostics.map(\.compilerStyle) == [
        "\(fixture.name):1:1: warning: file is not UTF-8; decoded as "
          + "\(fixture.encoding.rawValue) (byte order mark) [parse.encoding]"
      ])
    #expect(decoded.diagnostics.first?.location?.offset == 0)
  }

  struct LegacyCase: Sendable, CustomTestStringConvertible {
    var name: String
    var language: String
    var encoding: TextEncoding
    /// Where the first byte that is not UTF-8 lands in the decoded text.
    var line: Int
    var column: Int
    var offset: Int
    /// A piece of the decoded text written out here, so the check does not rest on the
    /// script's reference alone.
    var sample: String
    /// The confidence the message gives.
    var confidence: String
    var testDescription: String { name }
  }

  static let legacyCases = [
    LegacyCase(
      name: "cp949-ko.srt", language: "ko", encoding: .cp949, line: 3, column: 1, offset: 34,
      sample: "똠방각하, 아직 안 잤어요?", confidence: "0.99"),
    LegacyCase(
      name: "shift-jis-ja.vtt", language: "ja", encoding: .shiftJIS, line: 4, column: 1,
      offset: 38, sample: "①番線、ﾃﾞｰﾀは C:\\data に。", confidence: "0.96"),
    LegacyCase(
      name: "gb18030-zh.srt", language: "zh-Hans", encoding: .gb18030, line: 3, column: 1,
      offset: 34, sample: "我们在𠮷野家见面。", confidence: "0.99"),
    LegacyCase(
      name: "windows-1251-ru.srt", language: "ru", encoding: .windows1251, line: 3, column: 1,
      offset: 34, sample: "— Ёлки-палки, опять дождь!", confidence: "0.99"),
    LegacyCase(
      name: "windows-1252-fr.vtt", language: "fr", encoding: .windows1252, line: 4, column: 2,
      offset: 39, sample: "« Ça coûte 5 € », dit Zoë, cœur léger.", confidence: "0.99"),
    LegacyCase(
      name: "windows-1255-he.srt", language: "he", encoding: .windows1255, line: 3, column: 1,
      offset: 34, sample: "שָׁלוֹם, חִכִּיתִי לְךָ.", confidence: "0.99"),
    LegacyCase(
      name: "windows-1256-ar.vtt", language: "ar", encoding: .windows1256, line: 4, column: 1,
      offset: 38, sample: "الساعة الآن 3\u{200F}", confidence: "0.99"),
  ]

  @Test(arguments: legacyCases)
  func legacyPageGuessedWithTheLanguage(_ fixture: LegacyCase) throws {
    let language = try #require(LanguageTag(fixture.language))
    let decoded = TextDecoding.decode(
      try EncodingFixtures.bytes(fixture.name), language: language, file: fixture.name)
    let text = String(decoding: decoded.utf8, as: UTF8.self)
    #expect(decoded.encoding == fixture.encoding)
    #expect(text == (try EncodingFixtures.expectedText(fixture.name)))
    #expect(text.contains(fixture.sample))
    let reason =
      "guessed from the content and language \(fixture.language), confidence "
      + fixture.confidence
    #expect(
      decoded.diagnostics.map(\.compilerStyle) == [
        "\(fixture.name):\(fixture.line):\(fixture.column): warning: file is not UTF-8; "
          + "decoded as \(fixture.encoding.rawValue) (\(reason)) [parse.encoding]"
      ])
    #expect(decoded.diagnostics.first?.location?.offset == fixture.offset)
    #expect(
      decoded.diagnostics.first?.hint
        == "save the file as UTF-8, or name its encoding with --encoding")
  }

  @Test(arguments: legacyCases)
  func legacyPageGuessedWithoutLanguage(_ fixture: LegacyCase) throws {
    let decoded = TextDecoding.decode(try EncodingFixtures.bytes(fixture.name), file: "legacy")
    #expect(decoded.encoding == fixture.encoding)
    #expect(
      String(decoding: decoded.utf8, as: UTF8.self)
        == (try EncodingFixtures.expectedText(fixture.name)))
    #expect(
      decoded.diagnostics.first?.message.hasPrefix(
        "file is not UTF-8; decoded as \(fixture.encoding.rawValue) (guessed from the content, "
          + "confidence 0.") == true)
  }

  @Test func hebrewPointsAreNotComposedIntoPresentationForms() throws {
    let decoded = TextDecoding.decode(
      try EncodingFixtures.bytes("windows-1255-he.srt"), language: LanguageTag("he"))
    let scalars = String(decoding: decoded.utf8, as: UTF8.self).unicodeScalars.map(\.value)
    #expect(!scalars.contains(0xFB2A))
    #expect(scalars.contains(0x05C1))  // shin dot, kept as written
  }

  @Test func forcedEncodingWinsOverLanguage() throws {
    let decoded = TextDecoding.decode(
      try EncodingFixtures.bytes("cp949-ko.srt"), encoding: .cp949, language: LanguageTag("fr"),
      file: "a.srt")
    #expect(decoded.encoding == .cp949)
    #expect(
      String(decoding: decoded.utf8, as: UTF8.self)
        == (try EncodingFixtures.expectedText("cp949-ko.srt")))
    #expect(
      decoded.diagnostics.map(\.message) == [
        "file is not UTF-8; decoded as CP949 (as requested)"
      ])
  }

  @Test func aContradictingLanguageLosesToClearContent() throws {
    // Named as French, but the text is plainly Korean.
    let decoded = TextDecoding.decode(
      try EncodingFixtures.bytes("cp949-ko.srt"), language: LanguageTag("fr"), file: "a.fr.srt")
    #expect(decoded.encoding == .cp949)
    #expect(
      String(decoding: decoded.utf8, as: UTF8.self)
        == (try EncodingFixtures.expectedText("cp949-ko.srt")))
    let first = try #require(decoded.diagnostics.first)
    #expect(first.severity == .warning)
    #expect(
      first.message
        == "file is not UTF-8; decoded as CP949 (guessed from the content, confidence 0.97)")
  }

  @Test func undecodableByteIsReportedAndReplaced() throws {
    let name = "cp949-ko-undecodable.srt"
    let decoded = TextDecoding.decode(
      try EncodingFixtures.bytes(name), language: LanguageTag("ko"), file: name)
    #expect(decoded.encoding == .cp949)
    #expect(
      String(decoding: decoded.utf8, as: UTF8.self)
        == (try EncodingFixtures.expectedText(name)))
    #expect(
      decoded.diagnostics.map(\.compilerStyle) == [
        "\(name):3:1: warning: file is not UTF-8; decoded as CP949 (guessed from the content "
          + "and language ko, confidence 0.72) [parse.encoding]",
        "\(name):8:15: error: byte 0xFF at offset 104 is not valid CP949; replaced with U+FFFD "
          + "[parse.encoding]",
      ])
    #expect(decoded.diagnostics.last?.location?.offset == 116)
  }
}
