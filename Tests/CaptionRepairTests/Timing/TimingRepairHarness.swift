import CaptionCore
import CaptionRepair
import CaptionValidation

/// Cues, repairs and rule runs for the timing repair tests, in whole milliseconds.
enum TimingRepairHarness {
  /// The default limits: minimum 0.833 s, maximum 7 s, gap 2 frames, 17 (SDH 20) per second.
  static let limits = ValidationProfile.standard.limits(for: nil)

  /// The rules the repair makes quiet.
  static let rules: [any Rule] = [
    OutOfOrderRule(), OverlapRule(), MinGapRule(), ZeroDurationRule(), MinDurationRule(),
    MaxDurationRule(), CharactersPerSecondRule(), BeyondMediaRule(),
  ]

  static func cue(
    _ start: Int64, _ end: Int64, _ text: String = "Hi", id: String = "",
    settings: CueSettings = .default
  ) -> Cue {
    Cue(
      id: id, start: MediaTime(milliseconds: start), end: MediaTime(milliseconds: end),
      settings: settings, text: CueText(plain: text), rawText: text)
  }

  /// A repair at 25 fps (a gap of 80 ms) with the default limits.
  static func repair(
    frameRate: Double? = 25, media: Int64? = nil, sdh: Bool = false,
    rules: Set<String> = TimingRepair.ruleIDs
  ) -> TimingRepair {
    TimingRepair(
      limits: limits, frameRate: frameRate, mediaDuration: media.map(MediaTime.init(milliseconds:)),
      isForDeafAndHardOfHearing: sdh, rules: rules)
  }

  /// `start–end` of each cue in milliseconds.
  static func times(_ cues: [Cue]) -> [String] {
    cues.map { "\($0.start.milliseconds)–\($0.end.milliseconds)" }
  }

  /// The findings of the repaired rules on `cues`, as `(rule, 1-based position)`.
  static func findings(
    _ cues: [Cue], frameRate: Double, media: MediaTime?, sdh: Bool
  ) -> [(rule: String, position: Int)] {
    let track = Track(format: .webvtt, kind: sdh ? .captions : .subtitles, cues: cues)
    let context = ValidationContext(
      tracks: [track], media: MediaFacts(duration: media, frameRate: frameRate))
    return Validator(rules: rules).validate(context).compactMap { diagnostic in
      diagnostic.cue.map { (diagnostic.rule, $0.index) }
    }
  }
}
