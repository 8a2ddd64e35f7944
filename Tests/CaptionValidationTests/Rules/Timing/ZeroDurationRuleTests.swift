import CaptionCore
import CaptionValidation
import Testing

struct ZeroDurationRuleTests {
  @Test func reportsCuesEndingAtOrBeforeTheirStart() {
    let result = RuleHarness.diagnostics(
      of: ZeroDurationRule(),
      in: """
        WEBVTT

        1️⃣a
        00:00:02.000 --> 00:00:01.000
        Backwards

        2️⃣00:00:03.000 --> 00:00:03.000
        Never shown

        00:00:04.000 --> 00:00:04.001
        One millisecond is shown

        """)
    #expect(
      result.findings == [
        MarkedFinding("1️⃣", "cue 1 ends at 00:00:01.000, before its start 00:00:02.000"),
        MarkedFinding("2️⃣", "cue 2 ends at its start 00:00:03.000, so it is never shown"),
      ])
    #expect(
      result.diagnostics.map(\.cue) == [
        CueReference(
          index: 1, id: "a", start: MediaTime(milliseconds: 2000),
          end: MediaTime(milliseconds: 1000)),
        CueReference(
          index: 2, id: nil, start: MediaTime(milliseconds: 3000),
          end: MediaTime(milliseconds: 3000)),
      ])
    #expect(result.diagnostics.map(\.severity) == [.error, .error])
    #expect(result.diagnostics.first?.location == SourceLocation(line: 3, column: 1, offset: 8))
    #expect(result.diagnostics.first?.file == "test.vtt")
  }
}
