import CaptionCore
import Testing

@testable import CaptionMerge

/// A cue from seconds and plain text.
func cue(_ start: Double, _ end: Double, _ text: String) -> Cue {
  Cue(
    start: MediaTime(milliseconds: Int64(start * 1000)),
    end: MediaTime(milliseconds: Int64(end * 1000)), text: CueText(plain: text), rawText: text)
}

/// A cue whose text is `<v name>text</v>`.
func voiced(_ start: Double, _ end: Double, _ name: String, _ text: String) -> Cue {
  let tree = CueText(nodes: [
    .element(CueElement(kind: .voice, annotation: name, children: [.text(text)]))
  ])
  return Cue(
    start: MediaTime(milliseconds: Int64(start * 1000)),
    end: MediaTime(milliseconds: Int64(end * 1000)), text: tree,
    rawText: "<v \(name)>\(text)")
}

func track(_ cues: [Cue], kind: TrackKind? = nil, language: String? = nil) -> Track {
  Track(format: .webvtt, language: language.flatMap(LanguageTag.init), kind: kind, cues: cues)
}

/// Each paragraph as `kind|speaker|text`.
func summary(_ transcript: Transcript) -> [String] {
  transcript.paragraphs.map { "\($0.kind.rawValue)|\($0.speaker ?? "-")|\($0.text)" }
}

struct TranscriptBuilderTests {
  let builder = TranscriptBuilder()

  @Test func mergesChaptersDescriptionsAndCaptionsByTimeWithTiesInThatOrder() {
    let transcript = builder.build(
      captions: [track([cue(0, 2, "Hello."), cue(10, 12, "Again.")])],
      descriptions: [track([cue(0, 3, "A room."), cue(9, 10, "A door.")])],
      chapters: [track([cue(0, 9, "One"), cue(9, 20, "Two")])])
    #expect(
      summary(transcript) == [
        "chapter|-|One", "description|-|A room.", "dialogue|-|Hello.", "chapter|-|Two",
        "description|-|A door.", "dialogue|-|Again.",
      ])
    #expect(transcript.tracks.map(\.role) == [.captions, .descriptions, .chapters])
    let sources = transcript.entries.map { "\($0.source.track):\($0.source.cue)" }
    #expect(sources == ["2:1", "1:1", "0:1", "2:2", "1:2", "0:2"])
  }

  @Test func sortsATrackWhoseCuesAreOutOfOrderKeepingTheirCueNumbers() {
    let transcript = builder.build(
      captions: [track([cue(5, 6, "Second."), cue(1, 2, "First.")])])
    #expect(transcript.entries.map(\.text) == ["First.", "Second."])
    #expect(transcript.entries.map(\.source.cue) == [2, 1])
  }

  @Test func takesSpeakersFromVoices() {
    let transcript = builder.build(
      captions: [
        track([
          voiced(1, 2, "Mara", "The lamp went out."), voiced(2, 3, "Mara", "Again."),
          voiced(3, 4, "Jonas", "Then the ships can't see."),
        ])
      ])
    #expect(
      summary(transcript) == [
        "dialogue|Mara|The lamp went out. Again.", "dialogue|Jonas|Then the ships can't see.",
      ])
    #expect(transcript.entries.map(\.speaker) == ["Mara", "Mara", "Jonas"])
  }

  @Test func takesSpeakersFromNamePrefixesButNotFromTimes() {
    let transcript = builder.build(
      captions: [
        track([
          cue(1, 2, "MARA: Bring the oil."), cue(2, 3, "Dr. Jonas: Which oil?"),
          cue(3, 4, "The one at 10:30."), cue(4, 5, "Meet me at: the door"),
          cue(5, 6, "see http://example.com"),
        ])
      ])
    #expect(
      summary(transcript) == [
        "dialogue|MARA|Bring the oil.",
        "dialogue|Dr. Jonas|Which oil? The one at 10:30. Meet me at: the door see http://example.com",
      ])
  }

  @Test func startsATurnAtEachDialogueDash() {
    let transcript = builder.build(
      captions: [track([cue(1, 3, "- Who's there?\n- Only me."), cue(3, 4, "– And me.")])])
    #expect(
      summary(transcript) == [
        "dialogue|-|Who's there?", "dialogue|-|Only me.", "dialogue|-|And me.",
      ])
  }

  @Test func startsATurnAtBroadcastChevronsAndKeepsANameAfterThem() {
    let transcript = builder.build(
      captions: [track([cue(1, 2, ">> ANNA: Good evening."), cue(2, 3, ">> Thank you, Anna.")])])
    #expect(summary(transcript) == ["dialogue|ANNA|Good evening.", "dialogue|-|Thank you, Anna."])
  }

  @Test func marksSoundLabelsAsNonSpeech() {
    let transcript = builder.build(
      captions: [
        track([
          cue(1, 2, "[door slams]"), cue(2, 3, "(music)"), voiced(5, 6, "Mara", "[sighs] Fine."),
          cue(6, 7, "♪ Row, row, row ♪"),
        ])
      ])
    #expect(
      transcript.entries.map { "\($0.kind.rawValue):\($0.text)" } == [
        "sound:[door slams]", "sound:(music)", "sound:[sighs]", "speech:Fine.",
        "sound:♪ Row, row, row ♪",
      ])
    #expect(
      summary(transcript) == [
        "dialogue|-|[door slams] (music)", "dialogue|Mara|[sighs] Fine.",
        "dialogue|-|♪ Row, row, row ♪",
      ])
  }

  @Test func keepsAnUnclosedBracketAsSpeech() {
    let transcript = builder.build(captions: [track([cue(1, 2, "Wait [for it")])])
    #expect(transcript.entries.map(\.kind) == [.speech])
    #expect(transcript.entries.map(\.text) == ["Wait [for it"])
  }

  @Test func removesTheLinesRollUpCaptionsRepeat() {
    // Two-row roll-up as CEA-608 decoders write it: each cue shows the row before again.
    let transcript = builder.build(
      captions: [
        track([
          cue(1.0, 2.0, "THE STORM HIT THE COAST"),
          cue(2.0, 3.0, "THE STORM HIT THE COAST\nLAST NIGHT AT TEN."),
          cue(3.0, 4.0, "LAST NIGHT AT TEN.\n>> NO ONE WAS HURT."),
          cue(4.0, 5.0, ">> NO ONE WAS HURT.\nCREWS ARE OUT TODAY."),
        ])
      ])
    #expect(
      summary(transcript) == [
        "dialogue|-|THE STORM HIT THE COAST LAST NIGHT AT TEN.",
        "dialogue|-|NO ONE WAS HURT. CREWS ARE OUT TODAY.",
      ])
    #expect(transcript.entries.map(\.source.cue) == [1, 2, 3, 4])
  }

  @Test func removesThreeRowRollUpRepeats() {
    let transcript = builder.build(
      captions: [
        track([
          cue(1, 2, "ONE"), cue(2, 3, "ONE\nTWO"), cue(3, 4, "ONE\nTWO\nTHREE"),
          cue(4, 5, "TWO\nTHREE\nFOUR"),
        ])
      ])
    #expect(summary(transcript) == ["dialogue|-|ONE TWO THREE FOUR"])
  }

  @Test func removesACueRepeatedWholeAndPaintOnGrowth() {
    let transcript = builder.build(
      captions: [
        track([
          cue(1, 3, "Hello there."), cue(2, 3, "Hello there."), cue(3, 4, "How are"),
          cue(4, 5, "How are you?"),
        ])
      ])
    #expect(summary(transcript) == ["dialogue|-|Hello there. How are you?"])
  }

  @Test func keepsARepeatAfterAPause() {
    let transcript = builder.build(captions: [track([cue(1, 2, "No."), cue(9, 10, "No.")])])
    #expect(summary(transcript) == ["dialogue|-|No.", "dialogue|-|No."])
  }

  @Test func keepsRepeatsWhenAskedTo() {
    let transcript = TranscriptBuilder(removesRepeatedText: false).build(
      captions: [track([cue(1, 2, "A"), cue(2, 3, "A\nB")])])
    #expect(summary(transcript) == ["dialogue|-|A A B"])
  }

  @Test func startsAParagraphAfterAPauseLongerThanTheSetting() {
    let captions = [track([cue(1, 2, "One."), cue(3.5, 4, "Two."), cue(7, 8, "Three.")])]
    #expect(
      summary(builder.build(captions: captions)) == [
        "dialogue|-|One. Two.", "dialogue|-|Three.",
      ])
    let tight = TranscriptBuilder(pause: MediaTime(milliseconds: 1000))
    #expect(
      summary(tight.build(captions: captions)) == [
        "dialogue|-|One.", "dialogue|-|Two.", "dialogue|-|Three.",
      ])
  }

  @Test func aSpeakerContinuesAcrossUnmarkedCuesUntilAPause() {
    let transcript = builder.build(
      captions: [
        track([
          voiced(1, 2, "Mara", "Bring the oil."), cue(2, 3, "And a match."), cue(9, 10, "Hm."),
        ])
      ])
    #expect(
      summary(transcript) == ["dialogue|Mara|Bring the oil. And a match.", "dialogue|-|Hm."])
    #expect(transcript.entries.map(\.speaker) == ["Mara", "Mara", nil])
  }

  @Test func joinsDescriptionsThatFollowEachOtherAndSplitsOnSpeech() {
    let transcript = builder.build(
      captions: [track([cue(4, 5, "Hi.")])],
      descriptions: [track([cue(0, 1, "Night."), cue(1.5, 3, "Rain."), cue(6, 7, "Dawn.")])])
    #expect(
      summary(transcript) == [
        "description|-|Night. Rain.", "dialogue|-|Hi.", "description|-|Dawn.",
      ])
  }

  @Test func joinsJapaneseLinesWithoutSpaces() {
    let transcript = builder.build(
      captions: [track([cue(1, 2, "油を持ってきて。\n上って火をつけるわ。"), cue(2, 3, "Wi-Fiも。")])],
      language: LanguageTag("ja"))
    #expect(summary(transcript) == ["dialogue|-|油を持ってきて。上って火をつけるわ。 Wi-Fiも。"])
    #expect(transcript.language == LanguageTag("ja"))
  }

  @Test func takesTheLanguageOfTheFirstCaptionTrack() {
    let transcript = builder.build(
      captions: [track([cue(1, 2, "Hi.")], language: "en")],
      descriptions: [track([cue(1, 2, "Hi.")], language: "fr")])
    #expect(transcript.language == LanguageTag("en"))
  }

  @Test func skipsEmptyCuesAndNamesUntitledChaptersByTime() {
    let transcript = builder.build(
      captions: [track([cue(1, 2, " \n "), cue(2, 3, "Hi.")])],
      chapters: [track([cue(0, 10, "")])])
    #expect(summary(transcript) == ["chapter|-|00:00:00.000", "dialogue|-|Hi."])
  }

  @Test func handlesLongHostileLinesInLinearTime() {
    let brackets = String(repeating: "[(", count: 200_000)
    let colons = String(repeating: "A:", count: 200_000)
    let transcript = builder.build(captions: [track([cue(1, 2, brackets), cue(2, 3, colons)])])
    #expect(transcript.entries.count == 2)
    #expect(transcript.entries.first?.text.count == 400_000)
  }

  @Test func comparesManyLinedCuesInLinearTime() {
    let lines = Array(repeating: "A line.", count: 100_000).joined(separator: "\n")
    let transcript = builder.build(captions: [track([cue(1, 2, lines), cue(2, 3, lines)])])
    #expect(transcript.entries.count == 1)
    #expect(transcript.entries.first?.source.cue == 1)
  }

  @Test func joinsManyLinesOfOneSpeakerInLinearTime() {
    let lines = Array(repeating: "MARA: More.", count: 100_000).joined(separator: "\n")
    let transcript = builder.build(captions: [track([cue(1, 2, lines)])])
    #expect(transcript.paragraphs.count == 1)
    #expect(transcript.paragraphs.first?.speaker == "MARA")
    #expect(transcript.entries.first?.text.count == 100_000 * 6 - 1)
  }
}
