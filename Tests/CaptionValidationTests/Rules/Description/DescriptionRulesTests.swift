import CaptionCore
import CaptionValidation
import Testing

struct DescriptionRulesTests {
  static let captions = MediaHarness.File(
    marked: """
      WEBVTT

      00:00:02.000 --> 00:00:04.000
      Hello there.

      00:00:04.000 --> 00:00:05.000
      [door opens]

      00:00:10.000 --> 00:00:12.000
      Goodbye now.

      """, language: "en", kind: .captions)

  @Test func overlapsDialogueIgnoresSoundLabelsAndTwoFrames() {
    let found = MediaHarness.findings(
      of: OverlapsDialogueRule(),
      files: [
        Self.captions,
        .init(
          marked: """
            WEBVTT

            00:00:03.950 --> 00:00:05.000
            Within two frames of the dialogue, over a sound label.

            1️⃣00:00:09.000 --> 00:00:10.500
            Over the second line.

            """, language: "en", kind: .descriptions),
      ])
    #expect(
      found == [
        "2 1️⃣ description cue 2 (00:00:09.000 to 00:00:10.500) overlaps cue 3 of the captions "
          + "by 0.500 s; the limit is 2 frames"
      ])
  }

  @Test func doesNotFitMeasuresThePauseToTheNextDialogue() {
    let found = MediaHarness.findings(
      of: DoesNotFitRule(),
      files: [
        Self.captions,
        .init(
          marked: """
            WEBVTT

            00:00:05.000 --> 00:00:07.000
            A door.

            1️⃣00:00:05.000 --> 00:00:07.000
            The old keeper climbs the long spiral stairs slowly in the dark with his lamp.

            """, language: "en", kind: .descriptions),
      ])
    // 15 words at 160 a minute: 5.625 s, in the 5 s before the next line.
    #expect(
      found == [
        "2 1️⃣ description cue 2 takes about 5.625 s to speak at 160 words a minute, but its "
          + "pause lasts 5.000 s"
      ])
  }
}
