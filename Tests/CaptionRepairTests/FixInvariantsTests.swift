import CaptionCore
import CaptionRepair
import Testing

/// The check of `fix`'s promise that words are kept: what it lets pass (line breaks moved,
/// breaks between characters of scripts written without spaces) and what it catches.
struct FixInvariantsTests {
  typealias Harness = LineRepairHarness

  static func track(_ texts: [String], language: String? = nil) -> Track {
    Track(
      format: .webvtt, language: language.flatMap { LanguageTag($0) },
      cues: texts.map { Harness.cue($0) })
  }

  @Test func passesLinesRebrokenAtSpaces() {
    let input = Self.track(["It is on the table by the door,\nright next to the old compass."])
    let written = Self.track(["It is on the table\nby the door, right next to the old compass."])
    #expect(
      FixInvariants.cuesWithChangedWords(input: input, written: written, origins: [0]) == [])
  }

  @Test func passesASplitCueWhosePartsHoldItsWords() {
    let input = Self.track(["One sentence here. And another one there."])
    let written = Self.track(["One sentence here.", "And another one there."])
    #expect(
      FixInvariants.cuesWithChangedWords(input: input, written: written, origins: [0, 0]) == [])
  }

  // Found by the fuzzer: an untagged track whose text is Chinese. The line repair joins a
  // line break next to a Han character without a space and breaks between Han characters,
  // as it should; the check must not take that for lost words.
  @Test func passesBreaksBetweenIdeographsInAnUntaggedTrack() {
    let han = String(repeating: "适", count: 40)
    let input = Self.track(["[玫嫡 摹绰 家府]\n2\n\(han)"])
    let written = Self.track(["[玫嫡 摹绰 家府] 2\(han.prefix(15))\n\(han.dropFirst(15))"])
    #expect(
      FixInvariants.cuesWithChangedWords(input: input, written: written, origins: [0]) == [])
  }

  @Test func catchesTwoWordsRunTogether() {
    let input = Self.track(["first cue", "the lighthouse keeper"])
    let written = Self.track(["first cue", "the lighthousekeeper"])
    #expect(
      FixInvariants.cuesWithChangedWords(input: input, written: written, origins: [0, 1]) == [1])
  }

  @Test func catchesAWordCutInTwoAndALostWord() {
    let input = Self.track(["extraordinarily quiet", "a storm that night"])
    let written = Self.track(["extraordi narily quiet", "a storm night"])
    #expect(
      FixInvariants.cuesWithChangedWords(input: input, written: written, origins: [0, 1])
        == [0, 1])
  }

  @Test func catchesAChangedCharacterBetweenIdeographs() {
    let input = Self.track(["灯台の守り人"], language: "ja")
    let written = Self.track(["灯台の守り\n入"], language: "ja")
    #expect(
      FixInvariants.cuesWithChangedWords(input: input, written: written, origins: [0]) == [0])
  }

  @Test func refusesOriginsThatDoNotMatchTheCues() {
    let input = Self.track(["one", "two"])
    let written = Self.track(["one", "two"])
    #expect(FixInvariants.cuesWithChangedWords(input: input, written: written, origins: [0]) == nil)
    #expect(
      FixInvariants.cuesWithChangedWords(input: input, written: written, origins: [0, 2]) == nil)
  }
}

extension FixInvariantsTests {
  // Found by the fuzzer: a cue that starts with a combining mark (a Hebrew point decoded
  // from a mistaken code page). Put after a space, the mark makes one character with it,
  // which is not white space; the words are compared scalar by scalar instead.
  @Test func passesACueThatStartsWithACombiningMark() {
    let input = Self.track(["\u{05B3}\u{05DD}\u{05D4} \u{05D7}\u{05D7}", "and so on"])
    let written = Self.track(["\u{05B3}\u{05DD}\u{05D4}\n\u{05D7}\u{05D7}", "and so on"])
    #expect(
      FixInvariants.cuesWithChangedWords(input: input, written: written, origins: [0, 1]) == [])
    let split = Self.track(["\u{05B3}\u{05DD}\u{05D4}", "\u{05D7}\u{05D7}", "and so on"])
    #expect(
      FixInvariants.cuesWithChangedWords(input: input, written: split, origins: [0, 0, 1]) == [])
  }
}
