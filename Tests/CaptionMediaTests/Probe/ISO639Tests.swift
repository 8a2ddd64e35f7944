import CaptionCore
import Testing

@testable import CaptionMedia

struct ISO639Tests {
  @Test(arguments: [
    ("eng", "en"), ("fra", "fr"), ("fre", "fr"), ("deu", "de"), ("ger", "de"), ("zho", "zh"),
    ("chi", "zh"), ("ces", "cs"), ("cze", "cs"), ("nld", "nl"), ("dut", "nl"), ("kor", "ko"),
    ("jpn", "ja"), ("por", "pt"), ("ENG", "en"),
  ])
  func threeLetterCodesBecomeTheirTwoLetterTag(_ code: String, _ tag: String) {
    #expect(ISO639.languageTag(for: code) == LanguageTag(tag))
  }

  @Test func codesWithoutATwoLetterFormStayAsTheyAre() {
    #expect(ISO639.languageTag(for: "yue")?.rawValue == "yue")
    #expect(ISO639.languageTag(for: "haw")?.rawValue == "haw")
    #expect(ISO639.languageTag(for: "zxx")?.rawValue == "zxx")
  }

  @Test func tagsAlreadyInBCP47AreKept() {
    #expect(ISO639.languageTag(for: "pt-BR")?.rawValue == "pt-BR")
    #expect(ISO639.languageTag(for: "en")?.rawValue == "en")
  }

  @Test func undeterminedAndMalformedCodesHaveNoTag() {
    #expect(ISO639.languageTag(for: "und") == nil)
    #expect(ISO639.languageTag(for: "") == nil)
    #expect(ISO639.languageTag(for: "English") == nil)
    #expect(ISO639.languageTag(for: "en_US") == nil)
  }

  @Test func everyBibliographicCodeMapsLikeItsTerminologyTwin() {
    let pairs = [
      ("alb", "sqi"), ("arm", "hye"), ("baq", "eus"), ("bur", "mya"), ("chi", "zho"),
      ("cze", "ces"), ("dut", "nld"), ("fre", "fra"), ("geo", "kat"), ("ger", "deu"),
      ("gre", "ell"), ("ice", "isl"), ("mac", "mkd"), ("mao", "mri"), ("may", "msa"),
      ("per", "fas"), ("rum", "ron"), ("slo", "slk"), ("tib", "bod"), ("wel", "cym"),
    ]
    for (bibliographic, terminology) in pairs {
      #expect(ISO639.twoLetter[bibliographic] != nil)
      #expect(ISO639.twoLetter[bibliographic] == ISO639.twoLetter[terminology])
    }
    #expect(ISO639.twoLetter.count == 204)
  }
}
