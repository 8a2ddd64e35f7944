import CaptionCore
import CaptionValidation
import Testing

@testable import CaptionRepair

struct LineRepairTests {
  typealias Harness = LineRepairHarness

  @Test func rebreaksOnlyTheCuesThatBreakALimit() throws {
    let cues = [
      Harness.cue("Short and sweet.", id: "a"),
      Harness.cue(
        "I went to the store yesterday, and then I went home to sleep.", from: 5000, to: 9000,
        id: "b"),
      Harness.cue("One\ntwo\nthree", from: 9000, to: 10_000),
    ]
    let (repaired, changes) = LineRepair.repair(
      cues, limits: Harness.limits(), language: LanguageTag("en"))
    #expect(repaired.count == 3)
    #expect(repaired[0] == cues[0])
    #expect(repaired[1].rawText == "I went to the store yesterday,\nand then I went home to sleep.")
    #expect(repaired[1].id == "b")
    #expect(repaired[1].range == cues[1].range)
    #expect(repaired[2].rawText == "One two three")
    #expect(
      changes == [
        RepairChange(
          rule: "readability.line-length", cueIndex: 1,
          message: "rebroke cue 2 into 2 lines of 30 and 30 characters"),
        RepairChange(
          rule: "readability.line-count", cueIndex: 2,
          message: "rebroke cue 3 into 1 line of 13 characters"),
      ])
    let profile = try Harness.profile(characters: 42, lines: 2, language: "en")
    #expect(Harness.lineFindings(cues, language: "en", profile: profile).count == 2)
    #expect(Harness.lineFindings(repaired, language: "en", profile: profile).isEmpty)
  }

  @Test func splitsACueDividingItsTimeByCharacters() throws {
    let cue = Harness.cue(
      "This is the first sentence of the cue. And this is the second one, rather long.",
      from: 1000, to: 5000, id: "7")
    let (repaired, changes) = LineRepair.repair(
      [cue], limits: Harness.limits(characters: 25), language: LanguageTag("en"))
    // 31 and 33 characters other than spaces: 4000 ms × 31 / 64 = 1937.5, rounded up.
    #expect(
      repaired.map(\.rawText) == [
        "This is the first\nsentence of the cue.", "And this is the second\none, rather long.",
      ])
    #expect(repaired.map(\.start.milliseconds) == [1000, 2938])
    #expect(repaired.map(\.end.milliseconds) == [2938, 5000])
    #expect(repaired.map(\.id) == ["7", ""])
    #expect(
      changes == [
        RepairChange(
          rule: "readability.line-length", cueIndex: 0,
          message: "split cue 1 into 2 cues at a sentence boundary (00:00:02.938)")
      ])
    let profile = try Harness.profile(characters: 25, lines: 2, language: "en")
    #expect(Harness.lineFindings(repaired, language: "en", profile: profile).isEmpty)
  }

  @Test func namesTheKindsOfBoundaryASplitCutAt() {
    let cue = Harness.cue(
      "- Hi, are you there?\n- Yes. I am here, waiting for you in the garden.", from: 0,
      to: 6000)
    let (repaired, changes) = LineRepair.repair(
      [cue], limits: Harness.limits(characters: 20, lines: 1), language: LanguageTag("en"))
    #expect(
      repaired.map(\.rawText) == [
        "- Hi, are you there?", "- Yes. I am here,", "waiting for you", "in the garden.",
      ])
    // 16, 13, 13 and 12 characters other than spaces, of 6 seconds.
    #expect(repaired.map(\.start.milliseconds) == [0, 1778, 3222, 4667])
    #expect(repaired.map(\.end.milliseconds) == [1778, 3222, 4667, 6000])
    #expect(
      changes.map(\.message) == [
        "split cue 1 into 4 cues at speaker and phrase boundaries "
          + "(00:00:01.778, 00:00:03.222, 00:00:04.667)"
      ])
    #expect(changes.map(\.rule) == ["readability.line-count"])
  }

  @Test func reportsACueItCannotFix() {
    let cue = Harness.cue("Pneumonoultramicroscopicsilicovolcanoconiosis is a word.")
    let (repaired, changes) = LineRepair.repair(
      [cue], limits: Harness.limits(characters: 32), language: LanguageTag("en"))
    #expect(repaired == [cue])
    #expect(
      changes == [
        RepairChange(
          rule: "readability.line-length", cueIndex: 0, fixed: false,
          message:
            "cue 1 cannot be rebroken: 'Pneumonoultramicroscopicsilic…' has 45 characters; "
            + "the limit is 32")
      ])
  }

  @Test func reportsACueTooShortToSplit() {
    let cue = Harness.cue("One sentence here. Another one there.", from: 1000, to: 1001)
    let (repaired, changes) = LineRepair.repair(
      [cue], limits: Harness.limits(characters: 20, lines: 1), language: LanguageTag("en"))
    #expect(repaired == [cue])
    #expect(
      changes.map(\.message) == ["cue 1 lasts 1 ms, too short to split into 2 cues"])
    #expect(changes.map(\.fixed) == [false])
  }

  @Test func keepsElementsBalancedInTheRawTextOfASplitCue() {
    let cue = Harness.cue([
      .text("She whispered: "), Harness.italic("we are not alone. They know."),
    ])
    let (repaired, _) = LineRepair.repair(
      [cue], limits: Harness.limits(characters: 20, lines: 1), language: LanguageTag("en"))
    #expect(
      repaired.map(\.rawText) == [
        "She whispered:", "<i>we are not alone.</i>", "<i>They know.</i>",
      ])
  }

  @Test func repairsJapaneseSoThatTheRulesPass() throws {
    let cues = [Harness.cue("彼は「本当にそうなの？」と聞いた。")]
    let profile = try Harness.profile(characters: 11, lines: 2, language: "ja")
    let limits = profile.limits(for: LanguageTag("ja"))
    #expect(limits.counting == .cjk)
    #expect(Harness.lineFindings(cues, language: "ja", profile: profile).count == 1)
    let (repaired, changes) = LineRepair.repair(cues, limits: limits, language: LanguageTag("ja"))
    #expect(repaired.map(\.rawText) == ["彼は「本当にそう\nなの？」と聞いた。"])
    #expect(changes.map(\.message) == ["rebroke cue 1 into 2 lines of 8 and 9 characters"])
    #expect(Harness.lineFindings(repaired, language: "ja", profile: profile).isEmpty)
  }

  @Test func dividesTimeEquallyAmongPartsWithoutCharacters() {
    let start = MediaTime(milliseconds: 0)
    let end = MediaTime(milliseconds: 10)
    #expect(
      LineRepair.divide(from: start, to: end, by: [0, 0, 0]).map { $0.map(\.milliseconds) }
        == [0, 3, 7, 10])
    #expect(LineRepair.divide(from: start, to: end, by: [1, 1000]) == nil)
  }
}
