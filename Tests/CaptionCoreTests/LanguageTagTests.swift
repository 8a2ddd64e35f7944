import CaptionCore
import Testing

@Suite("LanguageTag")
struct LanguageTagTests {
  @Test(arguments: [
    ("en", "en"),
    ("EN", "en"),
    ("pt-br", "pt-BR"),
    ("ZH-hANT-tw", "zh-Hant-TW"),
    ("es-419", "es-419"),
    ("sr-latn-rs", "sr-Latn-RS"),
    ("zh-yue-HK", "zh-yue-HK"),
    ("zh-cmn-Hans-CN", "zh-cmn-Hans-CN"),
    ("ar-afb-aao-abh", "ar-afb-aao-abh"),
    ("sl-rozaj-biske", "sl-rozaj-biske"),
    ("de-CH-1901", "de-CH-1901"),
    ("hy-Latn-IT-arevela", "hy-Latn-IT-arevela"),
    ("de-DE-u-co-phonebk", "de-DE-u-co-phonebk"),
    ("en-US-u-islamcal-x-private", "en-US-u-islamcal-x-private"),
    ("en-a-bbb-b-ccc", "en-a-bbb-b-ccc"),
    ("en-US-X-A-B", "en-US-x-a-b"),
    ("x-whatever", "x-whatever"),
    ("X-Foo-12345678", "x-foo-12345678"),
    ("qaa-Qaaa-QM-x-southern", "qaa-Qaaa-QM-x-southern"),
    ("abcdefgh", "abcdefgh"),
    ("abcd", "abcd"),
    ("und", "und"),
    ("i-klingon", "i-klingon"),
    ("EN-gb-OED", "en-GB-oed"),
    ("zh-min-nan", "zh-min-nan"),
    ("art-lojban", "art-lojban"),
    ("sgn-be-fr", "sgn-BE-FR"),
  ])
  func wellFormed(_ input: String, _ canonical: String) throws {
    let tag = try #require(LanguageTag(input))
    #expect(tag.rawValue == canonical)
    #expect(tag.description == canonical)
    #expect(LanguageTag(canonical) == tag)
  }

  @Test(arguments: [
    "", "-", "en-", "-en", "en--US", "e", "1en", "en_US", "pt_BR", "abcdefghi", "en-US-abcdefghi",
    "en-a", "en-a-b", "en-u-", "x", "x-", "en-x", "en-x-abcdefghi", "de-419-DE", "en-US-US",
    "de-1901-1901", "en-a-bbb-a-ccc", "zh-Hant-Hans", "en-abc-def-ghi-jkl", "abcd-abc",
    "en US", "en-ÜS", "日本語", "en-US-abcd", "i-foo", "en.US",
  ])
  func malformed(_ input: String) {
    #expect(LanguageTag(input) == nil)
  }

  @Test func parts() throws {
    let tag = try #require(LanguageTag("zh-yue-hant-hk"))
    #expect(tag.language == "zh")
    #expect(tag.extendedLanguages == ["yue"])
    #expect(tag.script == "Hant")
    #expect(tag.region == "HK")
    let region = try #require(LanguageTag("es-419"))
    #expect(region.region == "419")
    #expect(region.script == nil)
    let variant = try #require(LanguageTag("de-1996"))
    #expect(variant.region == nil)
    #expect(variant.language == "de")
    let privateUse = try #require(LanguageTag("x-klingon"))
    #expect(privateUse.language == "x")
    #expect(privateUse.script == nil)
  }

  @Test func grandfatheredTagsKeepTheirPrimaryLanguage() throws {
    #expect(try #require(LanguageTag("zh-min-nan")).language == "zh")
    #expect(try #require(LanguageTag("en-GB-oed")).language == "en")
    #expect(try #require(LanguageTag("i-klingon")).language == "i")
    #expect(try #require(LanguageTag("no-bok")).language == "no")
  }

  @Test func equalityAndHashingUseTheCanonicalForm() throws {
    let a = try #require(LanguageTag("PT-br"))
    let b = try #require(LanguageTag("pt-BR"))
    #expect(a == b)
    #expect(Set([a, b]).count == 1)
    #expect(LanguageTag("pt") != a)
  }

  @Test func longInputIsRejectedQuickly() {
    let long = Array(repeating: "abc", count: 100_000).joined(separator: "-")
    #expect(LanguageTag(long) == nil)
    let longPrivate = "x-" + Array(repeating: "a", count: 100_000).joined(separator: "-")
    #expect(LanguageTag(longPrivate)?.language == "x")
  }
}
