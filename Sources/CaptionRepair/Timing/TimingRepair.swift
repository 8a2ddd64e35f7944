public import CaptionCore
public import CaptionValidation

/// Repairs the timing of a track's cues without changing a word: sorts them, trims overlaps,
/// leaves the minimum gap, extends cues too short or too fast to read, and brings cues beyond
/// the media back before its end (`Docs/repair/timing.md`).
///
/// Every change is a `RepairChange` of the rule it repairs; what cannot be repaired is left as
/// it is and reported with `fixed: false`. Cues are named by their number in the track as
/// read, as the rules name them. Repairing the result again changes no cue.
public struct TimingRepair: Sendable {
  /// The ids of the rules this repair makes quiet, all on by default.
  public static let ruleIDs: Set<String> = [
    outOfOrder, overlap, minGap, zeroDuration, minDuration, maxDuration, charactersPerSecond,
    beyondMedia,
  ]

  static let outOfOrder = "timing.out-of-order"
  static let overlap = "timing.overlap"
  static let minGap = "timing.min-gap"
  static let zeroDuration = "timing.zero-duration"
  static let minDuration = "timing.min-duration"
  static let maxDuration = "timing.max-duration"
  static let charactersPerSecond = "readability.cps"
  static let beyondMedia = "timing.beyond-media"

  /// The limits of the track's locale: durations, gap, reading speeds, character counting.
  public var limits: LocaleLimits
  /// Frames per second of the media (or `--fps`); nil when unknown: the minimum gap is then
  /// not enforced, overlaps are trimmed to touch, and one change without a cue says so.
  public var frameRate: Double?
  /// The media's duration; nil when unknown, and then no cue is clamped.
  public var mediaDuration: MediaTime?
  /// True for captions and SDH, which get the SDH reading speed (`readability.cps`).
  public var isForDeafAndHardOfHearing: Bool
  /// The rules to repair (ids of `ruleIDs`; `--rules` and `--except` choose them).
  public var rules: Set<String>

  public init(
    limits: LocaleLimits, frameRate: Double? = nil, mediaDuration: MediaTime? = nil,
    isForDeafAndHardOfHearing: Bool = false, rules: Set<String> = TimingRepair.ruleIDs
  ) {
    self.limits = limits
    self.frameRate = frameRate
    self.mediaDuration = mediaDuration
    self.isForDeafAndHardOfHearing = isForDeafAndHardOfHearing
    self.rules = rules
  }

  /// The cues repaired, in order of start time (cues starting together in the order read),
  /// and every change made or found impossible, in the order the steps made them.
  public func repair(_ cues: [Cue]) -> (cues: [Cue], changes: [RepairChange]) {
    repair(cues, origins: nil)
  }

  /// `repair`, naming each cue by `origins[i]`, its index as read, when `cues` is no longer
  /// the track as read (cues split by the line repair share their origin).
  public func repair(_ cues: [Cue], origins: [Int]?) -> (cues: [Cue], changes: [RepairChange]) {
    let repaired = repairTracingOrigins(cues, origins: origins)
    return (repaired.cues, repaired.changes)
  }

  /// `repair(_:origins:)`, with the origin of each cue of the result (its index in `cues`
  /// when `origins` is nil): the cues come back sorted.
  public func repairTracingOrigins(_ cues: [Cue], origins: [Int]?) -> (
    cues: [Cue], changes: [RepairChange], origins: [Int]
  ) {
    precondition(origins == nil || origins?.count == cues.count, "one origin per cue")
    var pass = TimingPass(self, cues: cues, origins: origins)
    pass.sort()
    if pass.isInOrder {
      pass.clampToMedia()
      pass.spreadSplitCues()
      pass.fixCues()
    } else {
      pass.fixMaximumDurations()
    }
    pass.reportLeftovers()
    return (pass.entries.map(\.cue), pass.changes, pass.entries.map(\.index))
  }

  /// The smallest gap in whole milliseconds that `timing.min-gap` accepts at `frameRate`:
  /// `minimumGapFrames × 1000 / frameRate`, rounded up (2 frames at 24 fps: 84 ms).
  public static func minimumGapMilliseconds(frames: Int, frameRate: Double) -> Int64 {
    guard frames > 0, frameRate > 0 else { return 0 }
    let needed = Double(frames) * 1000
    var gap = Int64(min((needed / frameRate).rounded(.up), 1e15))
    // The rule's own comparison decides, not the division's rounding.
    while Double(gap) * frameRate < needed { gap += 1 }
    while gap > 0, !(Double(gap - 1) * frameRate < needed) { gap -= 1 }
    return gap
  }
}
