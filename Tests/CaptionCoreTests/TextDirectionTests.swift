import CaptionCore
import Testing

struct TextDirectionTests {
  @Test(arguments: [
    ("ar", TextDirection.rightToLeft), ("he", .rightToLeft), ("fa-IR", .rightToLeft),
    ("ur", .rightToLeft), ("en", .leftToRight), ("az-Arab", .rightToLeft),
    ("ku-Latn", .leftToRight), ("ja", .leftToRight),
  ])
  func followsTheLanguageAndScript(tag: String, direction: TextDirection) {
    #expect(TextDirection(language: LanguageTag(tag)) == direction)
  }

  @Test func isLeftToRightWithoutALanguage() {
    #expect(TextDirection(language: nil) == .leftToRight)
  }
}
