import CaptionCore
import CaptionValidation
import Testing

struct OverlapRuleTests {
  @Test func reportsACueStartingBeforeTheEarlierOneEnds() {
    let findings = RuleHarness.findings(
      of: OverlapRule(),
      in: """
        WEBVTT

        00:00:01.000 --> 00:00:05.000
        Long cue

        1️⃣00:00:02.000 --> 00:00:03.000
        Inside it

        2️⃣00:00:04.000 --> 00:00:06.000
        Still inside the first

        00:00:06.000 --> 00:00:07.000
        Touching is fine

        """)
    #expect(
      findings == [
        MarkedFinding("1️⃣", "cue 2 starts at 00:00:02.000, before cue 1 ends at 00:00:05.000"),
        MarkedFinding("2️⃣", "cue 3 starts at 00:00:04.000, before cue 1 ends at 00:00:05.000"),
      ])
  }

  @Test func isAnErrorInTheBroadcastProfile() throws {
    let broadcast = try #require(Configuration.defaults.profile(named: "broadcast"))
    let result = RuleHarness.diagnostics(
      of: OverlapRule(),
      in: "1\n00:00:01,000 --> 00:00:03,000\nA\n\n1️⃣2\n00:00:02,000 --> 00:00:04,000\nB\n",
      format: .srt, profile: broadcast)
    #expect(result.findings.map(\.marker) == ["1️⃣"])
    #expect(result.diagnostics.map(\.severity) == [.error])
    #expect(result.diagnostics.first?.hint == "end cue 1 before cue 2 starts, or merge them")
  }
}
