import CaptionCore
import CaptionRepair
import CaptionValidation
import Testing

struct LineBreakerTests {
  typealias Harness = LineRepairHarness

  @Test func leavesATextWithinTheLimitsAsWritten() {
    var breaker = LineBreaker(limits: Harness.limits(), language: LanguageTag("en"))
    // Top-heavy and unbalanced, but within the limits: not the repair's business.
    #expect(breaker.layOut(CueText(plain: "It fits on one line, this one\nyes")) == .fits)
  }

  @Test func balancesTwoLinesBreakingBeforeAPreposition() {
    #expect(
      Harness.layOut(
        "She told me that the meeting was moved to the afternoon because of the rain.",
        limits: Harness.limits())
        == [["She told me that the meeting was moved", "to the afternoon because of the rain."]])
  }

  @Test func breaksAfterACommaRatherThanInTheMiddle() {
    #expect(
      Harness.layOut(
        "I went to the store yesterday, and then I went home to sleep.", limits: Harness.limits())
        == [["I went to the store yesterday,", "and then I went home to sleep."]])
  }

  @Test func breaksBeforeAConjunctionOverAnEvenerBreak() {
    // "...to the city / centre and..." is more even; "train / to" is before a preposition.
    #expect(
      Harness.layOut(
        "We could take the train to the city centre and walk from there.",
        limits: Harness.limits())
        == [["We could take the train", "to the city centre and walk from there."]])
    #expect(
      Harness.layOut(
        "My sister and her husband are coming over for dinner tonight.",
        limits: Harness.limits(characters: 35))
        == [["My sister and her husband are", "coming over for dinner tonight."]])
  }

  @Test func prefersABottomHeavyPairOfLines() {
    // 9 + 1 + 10 characters: "aaaa bbbb / cccc ddddd" (9 / 10) rather than the reverse.
    #expect(
      Harness.layOut("aaaa bbbb cccc ddddd", limits: Harness.limits(characters: 12), language: nil)
        == [["aaaa bbbb", "cccc ddddd"]])
    #expect(
      Harness.layOut("aaaaa bbbb cccc dddd", limits: Harness.limits(characters: 12), language: nil)
        == [["aaaaa bbbb", "cccc dddd"]])
  }

  @Test func doesNotEndALineWithATitle() {
    #expect(
      Harness.layOut(
        "Mr. Smith said he would call Dr. Jones tomorrow morning at nine.",
        limits: Harness.limits(characters: 40))
        == [["Mr. Smith said he would call", "Dr. Jones tomorrow morning at nine."]])
  }

  @Test func neverBreaksInsideAWord() {
    #expect(
      Harness.layOut("a wonderfully extraordinary day", limits: Harness.limits(characters: 20))
        == [["a wonderfully", "extraordinary day"]])
    var breaker = LineBreaker(limits: Harness.limits(characters: 10), language: LanguageTag("en"))
    #expect(
      breaker.layOut(CueText(plain: "truly extraordinary things"))
        == .wordTooLong("extraordinary", characters: 13))
  }

  @Test func joinsLinesWhenTooManyAndTheyFitOnFewer() {
    #expect(
      Harness.layOut("Wait.\nWhat did\nyou say?", limits: Harness.limits())
        == [["Wait. What did you say?"]])
  }

  @Test func keepsABreakInsideItalicsInsideTheElement() {
    var breaker = LineBreaker(limits: Harness.limits(characters: 30), language: LanguageTag("en"))
    let text = CueText(nodes: [
      .text("He said "), Harness.italic("this is not what we agreed on, my friend"),
    ])
    guard case .rebroken(let result, let lengths) = breaker.layOut(text) else {
      Issue.record("not rebroken")
      return
    }
    #expect(
      result.nodes == [
        .text("He said "), Harness.italic("this is not what\nwe agreed on, my friend"),
      ])
    #expect(lengths == [24, 23])
  }

  @Test func putsABreakBetweenTwoElementsOutsideBoth() {
    var breaker = LineBreaker(limits: Harness.limits(characters: 20), language: LanguageTag("en"))
    let text = CueText(nodes: [Harness.italic("Look at that. "), .text("It is on fire now!")])
    guard case .rebroken(let result, _) = breaker.layOut(text) else {
      Issue.record("not rebroken")
      return
    }
    // The space that became the line break was the italics' last character.
    #expect(result.nodes == [Harness.italic("Look at that.\n"), .text("It is on fire now!")])
  }

  @Test func keepsEachSpeakerOfADialogueOnALineOfTheirOwn() {
    #expect(
      Harness.layOut(
        "- Where are you going? - Home.\n- Why?", limits: Harness.limits(characters: 42, lines: 3))
        == [["- Where are you going? - Home.", "- Why?"]])
    // The second speaker's line is too long for one line: the lines of one speaker are not
    // joined with the other's, and the cue is split between them.
    #expect(
      Harness.layOut(
        "- Where are you going tonight?\n- To the cinema with my friends.",
        limits: Harness.limits(characters: 30))
        == [["- Where are you going tonight?"], ["- To the cinema", "with my friends."]])
    // Three lines of dialogue in a cue of two lines: two cues.
    #expect(
      Harness.layOut("- Hi.\n- Hello.\n- Hey.", limits: Harness.limits())
        == [["- Hi.", "- Hello."], ["- Hey."]])
  }

  @Test func startsEachVoiceOnANewLine() {
    var breaker = LineBreaker(limits: Harness.limits(), language: LanguageTag("en"))
    let text = CueText(nodes: [
      Harness.voice("Ann", "Hi, how are you doing today?"), .text(" "),
      Harness.voice("Bob", "Fine, thanks. And you?"),
    ])
    guard case .rebroken(let result, _) = breaker.layOut(text) else {
      Issue.record("not rebroken")
      return
    }
    #expect(
      result.nodes == [
        Harness.voice("Ann", "Hi, how are you doing today?"), .text("\n"),
        Harness.voice("Bob", "Fine, thanks. And you?"),
      ])
  }

  @Test func splitsAtASentenceBoundaryFirst() {
    var breaker = LineBreaker(limits: Harness.limits(characters: 25), language: LanguageTag("en"))
    let outcome = breaker.layOut(
      CueText(
        plain:
          "This is the first sentence of the cue. And this is the second one, rather long."))
    #expect(
      outcome
        == .split([
          LineBreaker.Part(
            text: CueText(plain: "This is the first\nsentence of the cue."), characters: 31,
            boundary: nil),
          LineBreaker.Part(
            text: CueText(plain: "And this is the second\none, rather long."), characters: 33,
            boundary: .sentence),
        ]))
  }

  @Test func splitsAtAPhraseBoundaryWhenNoSentenceEndsWhereNeeded() {
    #expect(
      Harness.layOut(
        "I looked everywhere for the keys, under the sofa, behind the door, in the car and even "
          + "in the garden.", limits: Harness.limits(characters: 32))
        == [
          ["I looked everywhere", "for the keys, under the sofa,"],
          ["behind the door, in the car", "and even in the garden."],
        ])
  }

  @Test func closesAndReopensAnElementWhereTheCueIsSplit() {
    var breaker = LineBreaker(
      limits: Harness.limits(characters: 20, lines: 1), language: LanguageTag("en"))
    let text = CueText(nodes: [
      .text("She whispered: "), Harness.italic("we are not alone. They know."),
    ])
    guard case .split(let parts) = breaker.layOut(text) else {
      Issue.record("not split")
      return
    }
    #expect(
      parts.map(\.text.nodes) == [
        [.text("She whispered:")], [Harness.italic("we are not alone.")],
        [Harness.italic("They know.")],
      ])
    #expect(parts.map(\.boundary) == [nil, .phrase, .sentence])
  }

  @Test func keepsInnerTimestampsAndRubyWhole() {
    var breaker = LineBreaker(limits: Harness.limits(characters: 12), language: LanguageTag("en"))
    let time = MediaTime(milliseconds: 2000)
    let ruby = CueNode.element(
      CueElement(
        kind: .ruby,
        children: [.text("word"), .element(CueElement(kind: .rubyText, children: [.text("rt")]))])
    )
    let text = CueText(nodes: [.text("one two "), .timestamp(time), .text("three "), ruby])
    guard case .rebroken(let result, _) = breaker.layOut(text) else {
      Issue.record("not rebroken")
      return
    }
    #expect(result.nodes == [.text("one two\n"), .timestamp(time), .text("three "), ruby])
  }
}
