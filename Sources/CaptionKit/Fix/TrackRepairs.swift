import CaptionCore
import CaptionRepair
import CaptionValidation

/// The repairs of a track's cues, by the limits validation uses for the track (its locale
/// and kind, from the profile): lines first, then timing, whose durations depend on the
/// characters of each cue as it will be shown.
struct TrackRepairs {
  var profile: ValidationProfile
  var rules: Set<String>
  var frameRate: Double?
  var mediaDuration: MediaTime?

  func repair(_ track: inout Track) -> [RepairChange] {
    let input = Validator.input(
      for: track,
      context: ValidationContext(
        tracks: [track], media: MediaFacts(duration: mediaDuration, frameRate: frameRate),
        profile: profile))
    var changes: [RepairChange] = []
    let timingRules = rules.intersection(TimingRepair.ruleIDs)
    if !timingRules.isEmpty {
      let timing = TimingRepair(
        limits: input.limits, frameRate: frameRate, mediaDuration: mediaDuration,
        isForDeafAndHardOfHearing: input.isForDeafAndHardOfHearing, rules: timingRules)
      let repaired = timing.repair(track.cues)
      track.cues = repaired.cues
      changes += repaired.changes
    }
    return changes
  }
}
