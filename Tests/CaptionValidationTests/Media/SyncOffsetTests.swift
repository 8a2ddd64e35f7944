import CaptionCore
import CaptionValidation
import Testing

struct SyncOffsetTests {
  static func cue(_ start: Double, _ end: Double) -> Cue {
    Cue(
      start: MediaTime(milliseconds: Int64((start * 1000).rounded())),
      end: MediaTime(milliseconds: Int64((end * 1000).rounded())),
      text: CueText(plain: "Words here"),
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

  static let stretches: [(Double, Double)] = [
    (1, 2.5), (4, 4.8), (7, 9.5), (12, 12.6), (15, 17), (21, 22.2), (25, 27.5), (31, 31.9),
  ]

  /// Cues that come up with their speech but stay up 1.2 s longer fit the speech as well
  /// under every offset from 0 to 1.2 s early: nothing to shift.
  @Test func cuesLongerThanTheirSpeechAreNotCalledEarly() throws {
    let speech = MediaHarness.speech(Self.stretches, duration: 35)
    let cues = Self.stretches.map { Self.cue($0.0, $0.1 + 1.2) }
    let offset = try #require(SyncOffset.estimate(cues: cues, speech: speech))
    #expect(offset.milliseconds == 0)
  }

  /// The same cues 2 s late: the smallest shift that fits as well is 2 s, not 2 s plus part
  /// of the 1.2 s they stay up longer.
  @Test func lateLongCuesAreOffByTheSmallestShiftThatFits() throws {
    let speech = MediaHarness.speech(Self.stretches, duration: 35)
    let cues = Self.stretches.map { Self.cue($0.0 + 2, $0.1 + 3.2) }
    let offset = try #require(SyncOffset.estimate(cues: cues, speech: speech))
    #expect(offset.milliseconds == 2000)
    #expect(offset.confidence >= SyncOffset.reportedConfidence)
    // 0.9 s early and 0.3 s longer: they fit from 0.6 to 0.9 s later.
    let early = Self.stretches.map { Self.cue($0.0 - 0.9, $0.1 - 0.6) }
    #expect(SyncOffset.estimate(cues: early, speech: speech)?.milliseconds == -600)
  }

  /// Beyond 5 s the rule does not look.
  @Test func anOffsetBeyondTheRangeIsNotFound() throws {
    let speech = MediaHarness.speech(Self.stretches, duration: 60)
    let cues = Self.stretches.map { Self.cue($0.0 + 8, $0.1 + 8) }
    let offset = try #require(SyncOffset.estimate(cues: cues, speech: speech))
    #expect(abs(offset.milliseconds) <= SyncOffset.range)
    #expect(offset.milliseconds != 8000)
  }

  @Test func nothingToCompareGivesNoEstimate() {
    let speech = MediaHarness.speech([], duration: 20)
    #expect(SyncOffset.estimate(cues: [Self.cue(1, 2)], speech: speech) == nil)
  }
}
