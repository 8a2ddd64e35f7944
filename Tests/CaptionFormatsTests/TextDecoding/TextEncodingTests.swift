import CaptionCore
import CaptionFormats
import Testing

@Suite("TextEncoding")
struct TextEncodingTests {
  @Test(arguments: [
    ("ko", TextEncoding.cp949, "chosen for language ko"),
    ("ko-KR", .cp949, "chosen for language ko-KR"),
    ("ja", .shiftJIS, "chosen for language ja"),
    ("zh-Hant-TW", .gb18030, "chosen for language zh-Hant-TW"),
    ("yue", .gb18030, "chosen for language yue"),
    ("ar-EG", .windows1256, "chosen for language ar-EG"),
    ("fa", .windows1256, "chosen for language fa"),
    ("ur", .windows1256, "chosen for language ur"),
    ("he", .windows1255, "chosen for language he"),
    ("yi", .windows1255, "chosen for language yi"),
    ("ru", .windows1251, "chosen for language ru"),
    ("uk", .windows1251, "chosen for language uk"),
    ("bg", .windows1251, "chosen for language bg"),
    ("sr", .windows1251, "chosen for language sr"),
    ("sr-Cyrl", .windows1251, "chosen for language sr-Cyrl"),
    ("az-Cyrl", .windows1251, "chosen for language az-Cyrl"),
    ("pa-Arab", .windows1256, "chosen for language pa-Arab"),
    ("sr-Latn", .windows1252, "the default for language sr-Latn"),
    ("zh-Latn", .windows1252, "the default for language zh-Latn"),
    ("fr", .windows1252, "the default for language fr"),
    ("pt-BR", .windows1252, "the default for language pt-BR"),
  ])
  func legacyPageForLanguage(_ tag: String, _ encoding: TextEncoding, _ reason: String) throws {
    let language = try #require(LanguageTag(tag))
    let chosen = TextEncoding.legacy(for: language)
    #expect(chosen.encoding == encoding)
    #expect(chosen.reason == reason)
  }

  @Test func legacyPageWithoutLanguage() {
    #expect(TextEncoding.legacy(for: nil).encoding == .windows1252)
    #expect(TextEncoding.legacy(for: nil).reason == "the default when the language is not known")
  }

  @Test func namesAndAliases() {
    for encoding in TextEncoding.allCases {
      #expect(TextEncoding(name: encoding.rawValue) == encoding)
      #expect(TextEncoding(name: encoding.rawValue.uppercased()) == encoding)
    }
    #expect(TextEncoding(name: "utf8") == .utf8)
    #expect(TextEncoding(name: "utf_16le") == .utf16LE)
    #expect(TextEncoding(name: "EUC-KR") == .cp949)
    #expect(TextEncoding(name: "sjis") == .shiftJIS)
    #expect(TextEncoding(name: "cp932") == .shiftJIS)
    #expect(TextEncoding(name: "GBK") == .gb18030)
    #expect(TextEncoding(name: "cp1251") == .windows1251)
    #expect(TextEncoding(name: "latin1") == .windows1252)
    #expect(TextEncoding(name: "ISO-8859-1") == .windows1252)
    #expect(TextEncoding(name: "cp1255") == .windows1255)
    #expect(TextEncoding(name: "windows-1256") == .windows1256)
    #expect(TextEncoding(name: "utf-16") == nil)
    #expect(TextEncoding(name: "big5") == nil)
    #expect(TextEncoding(name: "auto") == nil)
    #expect(TextEncoding(name: "") == nil)
  }

  @Test func byteOrderMarks() {
    #expect(TextEncoding.byteOrderMark(of: [0xEF, 0xBB, 0xBF, 0x41]) == .utf8)
    #expect(TextEncoding.byteOrderMark(of: [0xFF, 0xFE, 0x41, 0x00]) == .utf16LE)
    #expect(TextEncoding.byteOrderMark(of: [0xFE, 0xFF]) == .utf16BE)
    #expect(TextEncoding.byteOrderMark(of: [0xFF, 0xFE, 0x00, 0x00]) == .utf32LE)
    #expect(TextEncoding.byteOrderMark(of: [0x00, 0x00, 0xFE, 0xFF]) == .utf32BE)
    #expect(TextEncoding.byteOrderMark(of: [0xEF, 0xBB]) == nil)
    #expect(TextEncoding.byteOrderMark(of: Array("WEBVTT".utf8)) == nil)
    #expect(TextEncoding.allCases.filter(\.isUnicode).count == 5)
  }
}
