import CaptionCore
import CaptionFormats
import Testing

@Suite("TextEncoding")
struct TextEncodingTests {
  @Test(arguments: [
    ("ko", [TextEncoding.cp949]),
    ("ko-KR", [.cp949]),
    ("ja", [.shiftJIS, .eucJP]),
    ("zh", [.gb18030, .big5]),
    ("zh-Hans-CN", [.gb18030, .big5]),
    ("zh-Hant-TW", [.big5, .gb18030]),
    ("zh-TW", [.big5, .gb18030]),
    ("zh-HK", [.big5, .gb18030]),
    ("yue", [.big5, .gb18030]),
    ("ar-EG", [.windows1256]),
    ("fa", [.windows1256]),
    ("ur", [.windows1256]),
    ("he", [.windows1255, .iso88598]),
    ("yi", [.windows1255, .iso88598]),
    ("el", [.windows1253, .iso88597]),
    ("tr", [.windows1254]),
    ("ru", [.windows1251, .koi8R, .iso88595]),
    ("uk", [.windows1251, .koi8U, .iso88595]),
    ("bg", [.windows1251, .iso88595]),
    ("sr", [.windows1251, .iso88595]),
    ("sr-Cyrl", [.windows1251, .iso88595]),
    ("az-Cyrl", [.windows1251, .iso88595]),
    ("pa-Arab", [.windows1256]),
    ("pl", [.windows1250, .iso88592]),
    ("cs", [.windows1250, .iso88592]),
    ("fr", [.windows1252]),
    ("pt-BR", [.windows1252]),
    ("sr-Latn", []),
    ("zh-Latn", []),
    ("tlh", []),
  ])
  func legacyPagesForLanguage(_ tag: String, _ encodings: [TextEncoding]) throws {
    let language = try #require(LanguageTag(tag))
    #expect(TextEncoding.legacyHints(for: language) == encodings)
  }

  @Test func noLegacyPagesWithoutLanguage() {
    #expect(TextEncoding.legacyHints(for: nil).isEmpty)
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
    #expect(TextEncoding(name: "big5") == .big5)
    #expect(TextEncoding(name: "CP950") == .big5)
    #expect(TextEncoding(name: "cp1250") == .windows1250)
    #expect(TextEncoding(name: "ISO-8859-9") == .windows1254)
    #expect(TextEncoding(name: "latin2") == .iso88592)
    #expect(TextEncoding(name: "iso8859-5") == .iso88595)
    #expect(TextEncoding(name: "ISO_8859-7") == .iso88597)
    #expect(TextEncoding(name: "iso-8859-8") == .iso88598)
    #expect(TextEncoding(name: "koi8-r") == .koi8R)
    #expect(TextEncoding(name: "KOI8-U") == .koi8U)
    #expect(TextEncoding(name: "euc-jp") == .eucJP)
    #expect(TextEncoding(name: "ujis") == .eucJP)
    #expect(TextEncoding(name: "ISO-2022-JP") == .iso2022JP)
    #expect(TextEncoding(name: "koi8-ru") == nil)
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
