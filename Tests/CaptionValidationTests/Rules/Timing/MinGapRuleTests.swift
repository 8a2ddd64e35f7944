import CaptionCore
import CaptionValidation
import Testing

struct MinGapRuleTests {
  @Test func reportsGapsShorterThanTwoFramesAt24FPS() {
    let findings = RuleHarness.findings(
      of: MinGapRule(),
      in: """
        WEBVTT

        00:00:01.000 --> 00:00:02.000
        A

        1️⃣00:00:02.040 --> 00:00:03.000
        Starts 40 ms later

        00:00:03.000 --> 00:00:04.000
        Touches the previous cue

        00:00:04.084 --> 00:00:05.000
        Starts 84 ms later

        """, language: "ko")
    #expect(
      findings == [
        MarkedFinding(
          "1️⃣",
          "cue 2 starts 0.040 s after cue 1 ends; the ko minimum gap is 2 frames "
            + "(0.083 s at 24 fps)")
      ])
  }
}
