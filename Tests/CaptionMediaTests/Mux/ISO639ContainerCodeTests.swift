import CaptionCore
import Testing

@testable import CaptionMedia

struct ISO639ContainerCodeTests {
  @Test(arguments: [
    ("en", "eng"), ("fr", "fre"), ("fr-CA", "fre"), ("de", "ger"), ("zh-Hant", "chi"),
    ("cs", "cze"), ("nl", "dut"), ("ko", "kor"), ("ja", "jpn"), ("pt-BR", "por"), ("es", "spa"),
    ("cy", "wel"), ("bo", "tib"), ("yue", "yue"), ("fil", "fil"), ("EN", "eng"),
  ])
  func tagsBecomeTheBibliographicCode(_ tag: String, _ code: String) throws {
    #expect(ISO639.containerCode(for: try #require(LanguageTag(tag))) == code)
  }

  @Test(arguments: [
    ("ger", "ger"), ("deu", "ger"), ("fre", "fra"), ("fra", "fra"), ("zho", "chi"),
    ("cze", "ces"), ("rum", "ron"), ("slo", "slk"), ("eng", "eng"), ("zul", "zul"),
  ])
  func movTakesTheFormOfItsTable(_ code: String, _ stored: String) {
    #expect(ISO639.movCode(code) == stored)
  }

  @Test func movKnowsOneFormOfEachPairButMaori() {
    // 19 pairs, both forms of each mapped to the one stored.
    #expect(ISO639.movForm.count == 38)
    #expect(Set(ISO639.movForm.values).count == 19)
    #expect(ISO639.movForm["mao"] == nil && ISO639.movForm["mri"] == nil)
  }

  @Test func noLanguageIsUndetermined() {
    #expect(ISO639.containerCode(for: nil) == "und")
  }

  @Test func everyTwoLetterCodeReadsBackToItself() {
    for (_, short) in ISO639.twoLetter {
      let tag = LanguageTag(short)
      #expect(ISO639.languageTag(for: ISO639.containerCode(for: tag)) == tag)
    }
  }
}
