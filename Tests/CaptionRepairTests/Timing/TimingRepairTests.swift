import CaptionCore
import CaptionRepair
import CaptionValidation
import Testing

/// Each repair with its exact times and message, at 25 fps (a gap of 80 ms), minimum 0.833 s,
/// maximum 7 s, 17 characters per second (20 for captions).
struct TimingRepairTests {
  typealias H = TimingRepairHarness

  static func run(_ cues: [Cue], _ repair: TimingRepair = H.repair()) -> (
    times: [String], ids: [String], changes: [RepairChange]
  ) {
    let (repaired, changes) = repair.repair(cues)
    return (H.times(repaired), repaired.map(\.id), changes)
  }

  @Test func sortsCuesByStartAndNamesEachThatMoved() {
    let result = Self.run([
      H.cue(5000, 6000, id: "a"), H.cue(1000, 2000, id: "b"), H.cue(3000, 4000, id: "c"),
    ])
    #expect(result.ids == ["b", "c", "a"])
    #expect(result.times == ["1000–2000", "3000–4000", "5000–6000"])
    #expect(
      result.changes == [
        RepairChange(
          rule: "timing.out-of-order", cueIndex: 1,
          message: "moved cue 2, starting at 00:00:01.000, before cue 1 at 00:00:05.000"),
        RepairChange(
          rule: "timing.out-of-order", cueIndex: 2,
          message: "moved cue 3, starting at 00:00:03.000, before cue 1 at 00:00:05.000"),
      ])
  }

  @Test func keepsTheOrderReadOfCuesStartingTogether() {
    let result = Self.run([H.cue(1000, 2000, id: "a"), H.cue(1000, 2000, id: "b")])
    #expect(result.ids == ["a", "b"])
  }

  @Test func trimsAnOverlapToLeaveTheGap() {
    let result = Self.run([H.cue(1000, 3000), H.cue(2500, 4000)])
    #expect(result.times == ["1000–2420", "2500–4000"])
    #expect(
      result.changes == [
        RepairChange(
          rule: "timing.overlap", cueIndex: 0,
          message: "moved the end of cue 1 from 00:00:03.000 to 00:00:02.420 to leave the "
            + "2-frame gap before cue 2")
      ])
  }

  @Test func trimsAnOverlapToTouchWhenTheGapWouldLeaveTooLittle() {
    let result = Self.run([H.cue(1000, 2500), H.cue(1850, 3000)])
    #expect(result.times == ["1000–1850", "1850–3000"])
    #expect(
      result.changes == [
        RepairChange(
          rule: "timing.overlap", cueIndex: 0,
          message: "moved the end of cue 1 from 00:00:02.500 to 00:00:01.850 so that it ends "
            + "where cue 2 starts")
      ])
  }

  @Test func startsAnOverlappingCueEarlierWhenTrimmingWouldLeaveTooLittle() {
    let result = Self.run([H.cue(1000, 2000), H.cue(1500, 3000)])
    #expect(result.times == ["667–1500", "1500–3000"])
    #expect(
      result.changes == [
        RepairChange(
          rule: "timing.overlap", cueIndex: 0,
          message: "moved cue 1 from 00:00:01.000–00:00:02.000 to 00:00:00.667–00:00:01.500, "
            + "so that it ends where cue 2 starts")
      ])
  }

  @Test func leavesAnOverlapThatWouldLeaveACueTooShort() {
    let cues = [H.cue(0, 900), H.cue(1000, 2000), H.cue(1300, 3000)]
    let result = Self.run(cues)
    #expect(result.times == ["0–900", "1000–2000", "1300–3000"])
    #expect(
      result.changes == [
        RepairChange(
          rule: "timing.overlap", cueIndex: 2, fixed: false,
          message: "left cue 3 overlapping cue 2: ending cue 2 where cue 3 starts would leave "
            + "it 0.300 s, under the minimum 0.833 s")
      ])
  }

  @Test func keepsOverlapsOfCuesAtDifferentPlaces() {
    let top = CueSettings(line: 0)
    let result = Self.run([H.cue(1000, 3000, settings: top), H.cue(2000, 4000)])
    #expect(result.times == ["1000–3000", "2000–4000"])
    #expect(
      result.changes == [
        RepairChange(
          rule: "timing.overlap", cueIndex: 1, fixed: false,
          message: "left cue 2 overlapping cue 1: they are shown at different places")
      ])
  }

  @Test func trimsPastACueAtAnotherPlaceToTheNextAtTheSamePlace() {
    let top = CueSettings(line: 0)
    let result = Self.run([
      H.cue(0, 5000), H.cue(3000, 3500, settings: top), H.cue(3100, 4000),
    ])
    // Cue 1 ends before cue 3; it still overlaps cue 2, at the top, which overlaps cue 3 and
    // so has no free time to grow into.
    #expect(result.times == ["0–3020", "3000–3500", "3100–4000"])
    #expect(
      result.changes.map(\.rule) == [
        "timing.overlap", "timing.min-duration", "timing.overlap", "timing.overlap",
      ])
    #expect(result.changes.map(\.fixed) == [true, false, false, false])
    #expect(result.changes.map(\.cueIndex) == [0, 1, 1, 2])
  }

  @Test func trimsTheEndToLeaveTheMinimumGap() {
    let result = Self.run([H.cue(1000, 2960), H.cue(3000, 4000)])
    #expect(result.times == ["1000–2920", "3000–4000"])
    #expect(
      result.changes == [
        RepairChange(
          rule: "timing.min-gap", cueIndex: 0,
          message: "moved the end of cue 1 from 00:00:02.960 to 00:00:02.920 to leave the "
            + "2-frame gap before cue 2")
      ])
  }

  @Test func closesAGapWhenLeavingItWouldMakeTheCueTooShort() {
    let result = Self.run([H.cue(1000, 1860), H.cue(1900, 3000)])
    #expect(result.times == ["1000–1900", "1900–3000"])
    #expect(
      result.changes == [
        RepairChange(
          rule: "timing.min-gap", cueIndex: 0,
          message: "moved the end of cue 1 from 00:00:01.860 to 00:00:01.900, where cue 2 "
            + "starts, closing a gap shorter than 2 frames")
      ])
  }

  @Test func roundsTheGapUpToWholeMilliseconds() {
    #expect(TimingRepair.minimumGapMilliseconds(frames: 2, frameRate: 24) == 84)
    #expect(TimingRepair.minimumGapMilliseconds(frames: 2, frameRate: 25) == 80)
    #expect(TimingRepair.minimumGapMilliseconds(frames: 2, frameRate: 30000.0 / 1001) == 67)
    #expect(TimingRepair.minimumGapMilliseconds(frames: 0, frameRate: 24) == 0)
    let result = Self.run([H.cue(1000, 2960), H.cue(3000, 4000)], H.repair(frameRate: 24))
    #expect(result.times == ["1000–2916", "3000–4000"])
  }

  @Test func extendsAZeroOrNegativeDurationIntoTheFreeTimeAfter() {
    let result = Self.run([H.cue(1000, 1000), H.cue(3000, 2500), H.cue(5000, 6000)])
    #expect(result.times == ["1000–1833", "3000–3833", "5000–6000"])
    #expect(
      result.changes == [
        RepairChange(
          rule: "timing.zero-duration", cueIndex: 0,
          message: "moved the end of cue 1 from 00:00:01.000 to 00:00:01.833 so that it ends "
            + "after its start"),
        RepairChange(
          rule: "timing.zero-duration", cueIndex: 1,
          message: "moved the end of cue 2 from 00:00:02.500 to 00:00:03.833 so that it ends "
            + "after its start"),
      ])
  }

  @Test func extendsAShortCueForwardsLeavingTheGap() {
    let result = Self.run([H.cue(1000, 1400), H.cue(3000, 4000)])
    #expect(result.times == ["1000–1833", "3000–4000"])
    #expect(
      result.changes == [
        RepairChange(
          rule: "timing.min-duration", cueIndex: 0,
          message: "moved the end of cue 1 from 00:00:01.400 to 00:00:01.833 to show it for "
            + "the minimum 0.833 s")
      ])
  }

  @Test func extendsAShortCueToTouchTheNextWhenTheGapWouldLeaveTooLittle() {
    let result = Self.run([H.cue(1000, 1400), H.cue(1880, 3000)])
    #expect(result.times == ["1000–1880", "1880–3000"])
  }

  @Test func extendsAShortCueBackwardsWhenThereIsNoTimeAfter() {
    let result = Self.run([H.cue(0, 1000), H.cue(2000, 2300), H.cue(2350, 4000)])
    #expect(result.times == ["0–1000", "1517–2350", "2350–4000"])
    #expect(
      result.changes == [
        RepairChange(
          rule: "timing.min-gap", cueIndex: 1,
          message: "moved the end of cue 2 from 00:00:02.300 to 00:00:02.350, where cue 3 "
            + "starts, closing a gap shorter than 2 frames"),
        RepairChange(
          rule: "timing.min-duration", cueIndex: 1,
          message: "moved cue 2 from 00:00:02.000–00:00:02.350 to 00:00:01.517–00:00:02.350 "
            + "to show it for the minimum 0.833 s"),
      ])
  }

  @Test func leavesAShortCueWithNoFreeTime() {
    let result = Self.run([H.cue(0, 1000), H.cue(1000, 1300), H.cue(1300, 3000)])
    #expect(result.times == ["0–1000", "1000–1300", "1300–3000"])
    #expect(
      result.changes == [
        RepairChange(
          rule: "timing.min-duration", cueIndex: 1, fixed: false,
          message: "left cue 2 lasting 0.300 s, under the minimum 0.833 s; cue 3 starts at "
            + "00:00:01.300")
      ])
  }

  @Test func extendsAFastCueIntoTheGapAfterIt() {
    let text = String(repeating: "a", count: 51)
    let cues = [H.cue(1000, 2000, text), H.cue(5000, 6000)]
    #expect(Self.run(cues).times == ["1000–4000", "5000–6000"])
    #expect(
      Self.run(cues).changes == [
        RepairChange(
          rule: "readability.cps", cueIndex: 0,
          message: "moved the end of cue 1 from 00:00:02.000 to 00:00:04.000 to read it at 17 "
            + "characters per second")
      ])
    // Captions read at 20 per second.
    #expect(Self.run(cues, H.repair(sdh: true)).times == ["1000–3550", "5000–6000"])
  }

  @Test func extendsAFastCueOnlyAsFarAsTheNextCue() {
    let text = String(repeating: "a", count: 51)
    let result = Self.run([H.cue(1000, 2000, text), H.cue(3000, 4000)])
    #expect(result.times == ["1000–3000", "3000–4000"])
    #expect(
      result.changes == [
        RepairChange(
          rule: "readability.cps", cueIndex: 0, fixed: false,
          message: "moved the end of cue 1 from 00:00:02.000 to 00:00:03.000 to read it at 17 "
            + "characters per second; cue 2 starts at 00:00:03.000")
      ])
  }

  @Test func extendsAFastCueOnlyUpToTheMaximumDuration() {
    let result = Self.run([H.cue(0, 2000, String(repeating: "a", count: 200))])
    #expect(result.times == ["0–7000"])
    #expect(
      result.changes == [
        RepairChange(
          rule: "readability.cps", cueIndex: 0, fixed: false,
          message: "moved the end of cue 1 from 00:00:02.000 to 00:00:07.000 to read it at 17 "
            + "characters per second; it would need 11.765 s, over the maximum 7.000 s")
      ])
  }

  /// The parts of a split cue (one origin) share the free time after them: each gets what
  /// it needs to be read, not only the last.
  @Test func spreadsThePartsOfASplitCueOverTheFreeTimeAfterThem() {
    let text = String(repeating: "a", count: 34)
    let parts = [H.cue(1000, 2000, text), H.cue(2000, 3000, text)]
    let (repaired, changes) = H.repair().repair(parts, origins: [0, 0])
    #expect(H.times(repaired) == ["1000–3000", "3000–5000"])
    #expect(
      changes == [
        RepairChange(
          rule: "readability.cps", cueIndex: 0,
          message: "moved the end of part 1 of cue 1 from 00:00:02.000 to 00:00:03.000 to read "
            + "it at 17 characters per second"),
        RepairChange(
          rule: "readability.cps", cueIndex: 0,
          message: "moved part 2 of cue 1 from 00:00:02.000–00:00:03.000 to "
            + "00:00:03.000–00:00:05.000 to read it at 17 characters per second"),
      ])
    // Short of room, they share what there is in proportion, and touch the next cue.
    let crowded = parts + [H.cue(4000, 5000, "b")]
    let (shared, notes) = H.repair().repair(crowded, origins: [0, 0, 1])
    #expect(H.times(shared) == ["1000–2500", "2500–4000", "4000–5000"])
    #expect(notes.map(\.fixed) == [false, false])
    #expect(
      notes.first?.message
        == "moved the end of part 1 of cue 1 from 00:00:02.000 to 00:00:02.500 to read it at "
        + "17 characters per second; part 2 of cue 1 starts at 00:00:02.500")
    // Cues of different origins are not parts of one: only the second grows.
    let (apart, _) = H.repair().repair(parts, origins: [0, 1])
    #expect(H.times(apart) == ["1000–2000", "2000–4000"])
  }

  @Test func trimsACueLongerThanTheMaximum() {
    let result = Self.run([H.cue(0, 9000)])
    #expect(result.times == ["0–7000"])
    #expect(
      result.changes == [
        RepairChange(
          rule: "timing.max-duration", cueIndex: 0,
          message: "moved the end of cue 1 from 00:00:09.000 to 00:00:07.000, the maximum "
            + "duration of 7.000 s")
      ])
  }

  @Test func bringsCuesBeyondTheMediaBeforeItsEnd() {
    let result = Self.run(
      [H.cue(50000, 52000), H.cue(58000, 61000), H.cue(61000, 63000), H.cue(65000, 67000)],
      H.repair(media: 60000))
    // Cue 2, ended with the media, starts earlier so as to end where cue 3 now starts.
    #expect(result.times == ["50000–52000", "57501–58334", "58334–59167", "59167–60000"])
    #expect(
      result.changes == [
        RepairChange(
          rule: "timing.beyond-media", cueIndex: 1,
          message: "moved the end of cue 2 from 00:01:01.000 to 00:01:00.000, where the media "
            + "ends"),
        RepairChange(
          rule: "timing.beyond-media", cueIndex: 2,
          message: "moved cue 3 from 00:01:01.000–00:01:03.000 to 00:00:58.334–00:00:59.167, "
            + "before the media ends at 00:01:00.000"),
        RepairChange(
          rule: "timing.beyond-media", cueIndex: 3,
          message: "moved cue 4 from 00:01:05.000–00:01:07.000 to 00:00:59.167–00:01:00.000, "
            + "before the media ends at 00:01:00.000"),
        RepairChange(
          rule: "timing.overlap", cueIndex: 1,
          message: "moved cue 2 from 00:00:58.000–00:01:00.000 to 00:00:57.501–00:00:58.334, "
            + "so that it ends where cue 3 starts"),
      ])
  }

  @Test func sharesTheTimeLeftWhenCuesBeyondTheMediaDoNotFit() {
    let result = Self.run(
      [H.cue(59000, 59500), H.cue(61000, 62000), H.cue(63000, 64000)], H.repair(media: 60000))
    #expect(result.times.count == 3)
    #expect(result.times.last == "59500–60000")
  }

  @Test func combinesAnOverlapAGapAndAFastCue() {
    let text = String(repeating: "a", count: 51)
    let result = Self.run([H.cue(1000, 4000, text), H.cue(3500, 5000), H.cue(5040, 6000)])
    #expect(result.times == ["1000–3500", "3500–4960", "5040–6000"])
    #expect(
      result.changes == [
        RepairChange(
          rule: "timing.overlap", cueIndex: 0,
          message: "moved the end of cue 1 from 00:00:04.000 to 00:00:03.500 so that it ends "
            + "where cue 2 starts"),
        RepairChange(
          rule: "timing.min-gap", cueIndex: 1,
          message: "moved the end of cue 2 from 00:00:05.000 to 00:00:04.960 to leave the "
            + "2-frame gap before cue 3"),
        RepairChange(
          rule: "readability.cps", cueIndex: 0, fixed: false,
          message: "left cue 1 lasting 2.500 s, too short to read at 17 characters per second; "
            + "cue 2 starts at 00:00:03.500"),
      ])
  }

  @Test func trimsToTheMaximumThenLeavesTheGapAtTheCostOfReadingSpeed() {
    let text = String(repeating: "a", count: 119)
    let result = Self.run([H.cue(0, 7040, text), H.cue(7050, 8000)])
    #expect(result.times == ["0–6970", "7050–8000"])
    #expect(
      result.changes.map(\.rule) == ["timing.max-duration", "timing.min-gap", "readability.cps"])
    #expect(result.changes.map(\.fixed) == [true, true, false])
  }

  @Test func trimsToTouchWhenTheFrameRateIsUnknown() {
    let result = Self.run([H.cue(1000, 3000), H.cue(2500, 4000)], H.repair(frameRate: nil))
    #expect(result.times == ["1000–2500", "2500–4000"])
    #expect(
      result.changes.first
        == RepairChange(
          rule: "timing.min-gap", cueIndex: nil, fixed: false,
          message: "the minimum gap of 2 frames was not enforced: the frame rate is unknown"))
  }

  @Test func repairsOnlyTheRulesAskedFor() {
    let cues = [H.cue(0, 200), H.cue(1000, 3000), H.cue(2500, 4000)]
    let result = Self.run(cues, H.repair(rules: ["timing.overlap"]))
    // No gap asked for: cue 2 ends where cue 3 starts; cue 1 stays short.
    #expect(result.times == ["0–200", "1000–2500", "2500–4000"])
    #expect(result.changes.map(\.rule) == ["timing.overlap"])
  }

  @Test func repairsOnlyTheMaximumOfCuesLeftOutOfOrder() {
    let cues = [H.cue(5000, 5200), H.cue(1000, 9000), H.cue(2500, 4000)]
    let rules: Set<String> = ["timing.overlap", "timing.max-duration"]
    let result = Self.run(cues, H.repair(rules: rules))
    #expect(result.times == ["5000–5200", "1000–8000", "2500–4000"])
    #expect(
      result.changes == [
        RepairChange(
          rule: "timing.out-of-order", cueIndex: nil, fixed: false,
          message: "the cues are not in order of start time, so only their maximum duration "
            + "was repaired"),
        RepairChange(
          rule: "timing.max-duration", cueIndex: 1,
          message: "moved the end of cue 2 from 00:00:09.000 to 00:00:08.000, the maximum "
            + "duration of 7.000 s"),
        RepairChange(
          rule: "timing.overlap", cueIndex: 2, fixed: false,
          message: "left cue 3 overlapping cue 2: the cues are not in order of start time"),
      ])
  }

  @Test func changesNothingTheSecondTime() {
    let text = String(repeating: "a", count: 51)
    let cases: [[Cue]] = [
      [H.cue(1000, 4000, text), H.cue(3500, 5000), H.cue(5040, 6000)],
      [H.cue(0, 1000), H.cue(2000, 2300), H.cue(2350, 4000)],
      [H.cue(0, 900), H.cue(1000, 2000), H.cue(1300, 3000)],
      [H.cue(61000, 63000), H.cue(50000, 52000), H.cue(65000, 67000)],
    ]
    for cues in cases {
      let repair = H.repair(media: 60000)
      let once = repair.repair(cues)
      let twice = repair.repair(once.cues)
      #expect(twice.cues == once.cues)
      #expect(twice.changes.allSatisfy { !$0.fixed })
    }
  }
}
