import CaptionCore
import CaptionValidation
import Testing

struct SyncOffsetTests {
  static func cue(_ start: Double, _ end: Double) -> Cue {
    Cue(
      start: MediaTime(milliseconds: Int64(start * 1000)),
      end: MediaTime(milliseconds: Int64(end * 1000)), text: CueText(plain: "Words here"),
      rawText: "Words here")
  }

  @Test func findsCaptionsThatAreLate() throws {
    let speech = MediaHarness.speech(
      [(1, 2.5), (4, 4.8), (7, 9.5), (12, 12.6), (15, 17)], duration: 20)
    let cues = [(1, 2.5), (4, 4.8), (7, 9.5), (12, 12.6), (15, 17)].map {
      Self.cue($0.0 + 0.8, $0.1 + 0.8)
    }
    let offset = try #require(SyncOffset.estimate(cues: cues, speech: speech))
    #expect(offset.milliseconds == 800)
    #expect(offset.confidence > 0.5)
  }

  @Test func nothingToCompareGivesNoEstimate() {
    let speech = MediaHarness.speech([], duration: 20)
    #expect(SyncOffset.estimate(cues: [Self.cue(1, 2)], speech: speech) == nil)
  }
}
