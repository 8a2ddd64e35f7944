import CaptionCore
import CaptionValidation
import Testing

struct LongGapRuleTests {
  @Test func reportsGapsOverTwentySecondsWhileTheMediaRuns() {
    let found = MediaHarness.findings(
      of: LongGapRule(),
      files: [
        .init(
          marked: """
            WEBVTT

            00:00:01.000 --> 00:00:02.000
            One

            1️⃣00:00:23.000 --> 00:00:24.000
            Twenty-one seconds later

            00:00:44.000 --> 00:00:45.000
            Exactly twenty seconds later

            """, language: "en", kind: .captions)
      ])
    #expect(
      found == [
        "1 1️⃣ no cue for 21.000 s before cue 2 (from 00:00:02.000 to 00:00:23.000); the limit "
          + "is 20.000 s"
      ])
  }
}
