import CaptionCore
import CaptionValidation
import Testing

struct SpanRuleTests {
  @Test func reportsCaptionsThatStartLateAndEndEarly() {
    let found = MediaHarness.findings(
      of: SpanRule(),
      files: [
        .init(
          marked: """
            WEBVTT

            00:00:40.000 --> 00:00:42.000
            First

            00:00:50.000 --> 00:00:52.000
            Last

            """, language: "en", kind: .captions)
      ],
      media: MediaFacts(
        duration: MediaTime(milliseconds: 120_000), hasAudio: true, hasVideo: true,
        path: "movie.mp4"),
      audio: MediaHarness.speech([(5, 8), (40, 52), (100, 110)], duration: 120))
    #expect(
      found == [
        "1 track the first cue starts at 00:00:40.000, 35.000 s after the speech starts at "
          + "00:00:05.000; the limit is 30.000 s",
        "1 track the last cue ends at 00:00:52.000, 58.000 s before the speech ends at "
          + "00:01:50.000; the limit is 30.000 s",
      ])
  }
}
