import CaptionCore
import CaptionValidation
import Testing

struct UnbalancedTagsRuleTests {
  @Test func countsSRTTagsAsWritten() {
    let findings = RuleHarness.findings(
      of: UnbalancedTagsRule(),
      in: """
        1️⃣1
        00:00:01,000 --> 00:00:03,000
        <i>Opened twice <I>and closed once</i>

        2️⃣2
        00:00:04,000 --> 00:00:06,000
        Closed </b>without opening

        3
        00:00:07,000 --> 00:00:09,000
        <i>Balanced</i> <b>tags</b> and <x>unknown</x>

        """, format: .srt)
    #expect(
      findings == [
        MarkedFinding("1️⃣", "cue 1 opens <i> 2 times and closes it 1 time"),
        MarkedFinding("2️⃣", "cue 2 opens <b> 0 times and closes it 1 time"),
      ])
  }

  @Test func countsWebVTTTagsWithClasses() {
    let findings = RuleHarness.findings(
      of: UnbalancedTagsRule(),
      in: """
        WEBVTT

        1️⃣00:00:01.000 --> 00:00:03.000
        <i.loud>Never closed

        00:00:04.000 --> 00:00:06.000
        <v Mary>A voice may stay open

        """)
    #expect(findings == [MarkedFinding("1️⃣", "cue 1 opens <i> 1 time and closes it 0 times")])
  }
}
