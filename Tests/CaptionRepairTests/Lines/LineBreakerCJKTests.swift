import CaptionCore
import CaptionRepair
import CaptionValidation
import Testing

struct LineBreakerCJKTests {
  typealias Harness = LineRepairHarness

  static func japanese(_ characters: Double) -> LocaleLimits {
    Harness.limits(characters: characters, counting: .cjk)
  }

  @Test func breaksJapaneseAfterAFullStop() {
    #expect(
      Harness.layOut("今日は晴れ。明日は雨。", limits: Self.japanese(6), language: "ja")
        == [["今日は晴れ。", "明日は雨。"]])
  }

  @Test func neverStartsALineWithAFullStopOrClosingBracket() {
    // Seven characters fit before the full stop, which may not start the second line.
    #expect(
      Harness.layOut("これはペンです。", limits: Self.japanese(7), language: "ja")
        == [["これは", "ペンです。"]])
    // Only one layout keeps 」 off the start of a line and 「 off the end of one.
    #expect(
      Harness.layOut("「はい」と言った", limits: Self.japanese(4), language: "ja")
        == [["「はい」", "と言った"]])
    let lines = Harness.layOut("彼は「本当にそうなの？」と聞いた。", limits: Self.japanese(11), language: "ja")
    #expect(lines == [["彼は「本当にそう", "なの？」と聞いた。"]])
  }

  @Test func countsHalfWidthCharactersAsHalfAndKeepsLatinWordsWhole() {
    // "Wi-Fi" is 2.5 characters and is not broken; 11 + 2.5 characters on lines of 8.
    #expect(
      Harness.layOut("台所の引き出しにちなみWi-Fi", limits: Self.japanese(8), language: "ja")
        == [["台所の引き出し", "にちなみWi-Fi"]])
  }

  @Test func joinsJapaneseLinesWithoutASpace() {
    #expect(
      Harness.layOut("今日は\n晴れ\nです。", limits: Self.japanese(13), language: "ja")
        == [["今日は晴れです。"]])
  }

  @Test func breaksChineseAfterACommaBeforeAConjunction() {
    #expect(
      Harness.layOut("我们今天去公园散步，然后去吃饭。", limits: Self.japanese(10), language: "zh")
        == [["我们今天去公园散步，", "然后去吃饭。"]])
  }

  @Test func breaksKoreanAtSpacesOnly() {
    #expect(
      Harness.layOut("오늘은 날씨가 정말 좋네요 산책하러 갈까요", limits: Self.japanese(12), language: "ko")
        == [["오늘은 날씨가 정말", "좋네요 산책하러 갈까요"]])
    var breaker = LineBreaker(limits: Self.japanese(4), language: LanguageTag("ko"))
    #expect(
      breaker.layOut(CueText(plain: "안녕하세요 여러분"))
        == .wordTooLong("안녕하세요", characters: 5))
  }

  @Test func breaksBetweenIdeographsWhenTheLanguageIsNotKnown() {
    #expect(
      Harness.layOut("今日は晴れ。明日は雨。", limits: Self.japanese(6), language: nil)
        == [["今日は晴れ。", "明日は雨。"]])
  }
}
