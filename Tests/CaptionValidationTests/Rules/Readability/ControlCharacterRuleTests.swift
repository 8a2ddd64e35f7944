import CaptionCore
import CaptionValidation
import Testing

struct ControlCharacterRuleTests {
  @Test func namesTheFirstControlCharacterOfEachCue() {
    let findings = RuleHarness.findings(
      of: ControlCharacterRule(),
      in: """
        WEBVTT

        1️⃣00:00:01.000 --> 00:00:02.000
        \u{1B}[1mbold\u{1B}[0m

        2️⃣00:00:03.000 --> 00:00:04.000
        <i>bell\u{07}</i> and \u{0B}

        3️⃣00:00:05.000 --> 00:00:06.000
        “quoted\u{94} text”

        00:00:07.000 --> 00:00:08.000
        tab\there, and a line
        break; no control

        """)
    #expect(
      findings == [
        MarkedFinding(
          "1️⃣",
          "cue 1 holds the control character U+001B (escape), which players do not show as "
            + "text"),
        MarkedFinding(
          "2️⃣",
          "cue 2 holds the control character U+0007 (BEL), which players do not show as text"),
        MarkedFinding(
          "3️⃣",
          "cue 3 holds the control character U+0094, which players do not show as text"),
      ])
  }

  @Test func aCharacterReferenceIsReadFirst() {
    let findings = RuleHarness.findings(
      of: ControlCharacterRule(),
      in: """
        WEBVTT

        1️⃣00:00:01.000 --> 00:00:02.000
        a&#27;b

        """)
    #expect(
      findings == [
        MarkedFinding(
          "1️⃣",
          "cue 1 holds the control character U+001B (escape), which players do not show as "
            + "text")
      ])
  }
}
