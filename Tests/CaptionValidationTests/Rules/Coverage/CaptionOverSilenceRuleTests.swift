import CaptionCore
import CaptionValidation
import Testing

struct CaptionOverSilenceRuleTests {
  @Test func reportsLongSpeechCuesWithNoSpeechUnderThem() {
    let found = MediaHarness.findings(
      of: CaptionOverSilenceRule(),
      files: [
        .init(
          marked: """
            WEBVTT

            00:00:01.000 --> 00:00:04.000
            Over speech

            1️⃣00:00:10.000 --> 00:00:13.000
            Over silence

            00:00:20.000 --> 00:00:23.000
            [thunder rumbles]

            00:00:30.000 --> 00:00:31.000
            Short

            """, language: "en", kind: .captions)
      ], audio: MediaHarness.speech([(1, 4)], duration: 60))
    #expect(
      found == [
        "1 1️⃣ cue 2 (00:00:10.000 to 00:00:13.000) holds speech, but no speech is "
          + "detected in the audio while it is shown"
      ])
  }
}
