import CaptionCore
import CaptionRepair
import CaptionValidation

/// The repairs of a track's cues, by the limits validation uses for the track (its locale
/// and kind, from the profile): tags, then lines, then timing, whose durations depend on the
/// characters of each cue as it will be shown.
struct TrackRepairs {
  var profile: ValidationProfile
  var rules: Set<String>
  var frameRate: Double?
  var mediaDuration: MediaTime?

  /// Repairs `track`; returns the changes, and the index as read of each cue of the result.
  func repair(_ track: inout Track) -> (changes: [RepairChange], origins: [Int]) {
    let input = Validator.input(
      for: track,
      context: ValidationContext(
        tracks: [track], media: MediaFacts(duration: mediaDuration, frameRate: frameRate),
        profile: profile))
    var changes: [RepairChange] = []
    if rules.contains("readability.unbalanced-tags") {
      let repaired = TagRepair.repair(track.cues)
      track.cues = repaired.cues
      changes += repaired.changes
    }
    // The index as read of each cue: split cues make more, and the timing sorts them.
    var origins = Array(track.cues.indices)
    let first = cuePass(&track.cues, origins: &origins, limits: input)
    changes += first
    // A cue too short to split is split once the timing has made room for it: the lines and
    // the timing run again, and what they now repair replaces what could not be.
    let lines: Set<String> = ["readability.line-length", "readability.line-count"]
    if first.contains(where: { !$0.fixed && lines.contains($0.rule) }) {
      var cues = track.cues
      var again = origins
      let second = cuePass(&cues, origins: &again, limits: input)
      let split = Set(second.filter { $0.fixed && lines.contains($0.rule) }.compactMap(\.cueIndex))
      if !split.isEmpty {
        track.cues = cues
        origins = again
        changes.removeAll {
          !$0.fixed && lines.contains($0.rule) && $0.cueIndex.map(split.contains) == true
        }
        changes += second.filter { $0.fixed || !lines.contains($0.rule) }
      }
    }
    // A comment stays before the first cue of those it stood before.
    if !track.comments.isEmpty {
      track.comments = track.comments.map { comment in
        var comment = comment
        comment.beforeCue = origins.firstIndex { $0 >= comment.beforeCue } ?? origins.count
        return comment
      }.enumerated().sorted {
        ($0.element.beforeCue, $0.offset) < ($1.element.beforeCue, $1.offset)
      }.map(\.element)
    }
    return (changes, origins)
  }

  /// The lines, then the timing, of `cues`; `origins` are the indices as read, kept in step.
  private func cuePass(_ cues: inout [Cue], origins: inout [Int], limits input: TrackInput)
    -> [RepairChange]
  {
    var changes: [RepairChange] = []
    if rules.contains("readability.line-length") || rules.contains("readability.line-count") {
      let repaired = LineRepair.repairTracingOrigins(
        cues, limits: input.limits, language: input.language)
      cues = repaired.cues
      changes += repaired.changes.map { change in
        var change = change
        change.cueIndex = change.cueIndex.map { origins[$0] }
        return change
      }
      origins = repaired.origins.map { origins[$0] }
    }
    var timingRules = rules.intersection(TimingRepair.ruleIDs)
    // As the rule: chapters and metadata may run past the media.
    if input.kind == .chapters || input.kind == .metadata {
      timingRules.remove("timing.beyond-media")
    }
    if !timingRules.isEmpty {
      let timing = TimingRepair(
        limits: input.limits, frameRate: frameRate, mediaDuration: mediaDuration,
        isForDeafAndHardOfHearing: input.isForDeafAndHardOfHearing, rules: timingRules)
      let repaired = timing.repairTracingOrigins(cues, origins: origins)
      cues = repaired.cues
      changes += repaired.changes
      origins = repaired.origins
    }
    return changes
  }
}
