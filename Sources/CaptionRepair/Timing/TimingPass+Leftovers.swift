import CaptionCore
import CaptionValidation

extension TimingPass {
  /// Reports, as not fixed, each finding the repaired rules would still raise on the cues,
  /// with why it was left, unless a change not fixed already says so. The checks are the
  /// rules' own, on the cues in their new order.
  mutating func reportLeftovers() {
    let limits = repair.limits
    let minimum = Int64(limits.minimumDurationMilliseconds)
    let inOrder = isInOrder
    var latest: Int?
    // The findings a change not fixed already reports, looked up at each leftover.
    var reported = Set(
      changes.lazy.filter { !$0.fixed }.map { LeftoverKey(rule: $0.rule, cue: $0.cueIndex) })
    for offset in entries.indices {
      let entry = entries[offset]
      let cue = entry.cue
      let duration = Self.duration(cue.start, cue.end)
      let previous = offset > 0 ? entries[offset - 1] : nil
      let next = offset + 1 < entries.count ? entries[offset + 1] : nil
      let name = entry.name
      let short = shortfall(of: entry, next: next)
      if let previous, cue.start < previous.cue.start {
        leftover(
          TimingRepair.outOfOrder, entry, reported: &reported,
          "left \(name) at \(cue.start), before \(previous.name) at "
            + "\(previous.cue.start)")
      }
      if cue.end <= cue.start {
        leftover(
          TimingRepair.zeroDuration, entry, reported: &reported,
          "left \(name) ending at \(cue.end), at or before its start \(cue.start)" + short)
      }
      if duration > 0, duration < minimum {
        leftover(
          TimingRepair.minDuration, entry, reported: &reported,
          "left \(name) lasting \(Self.seconds(duration)), under the minimum "
            + Self.seconds(minimum) + short)
      }
      if duration > maximum {
        leftover(
          TimingRepair.maxDuration, entry, reported: &reported,
          "left \(name) lasting \(Self.seconds(duration)), over the maximum "
            + Self.seconds(maximum))
      }
      if duration > 0, entry.readingDuration > duration {
        leftover(
          TimingRepair.charactersPerSecond, entry, reported: &reported,
          "left \(name) lasting \(Self.seconds(duration)), too short to read at "
            + "\(rateName)" + shortfall(of: entry, next: next, reading: true))
      }
      if gap > 0, let previous, cue.start >= previous.cue.start {
        let shortGap = Self.duration(previous.cue.end, cue.start)
        if shortGap > 0, shortGap < gap {
          leftover(
            TimingRepair.minGap, entry, reported: &reported,
            "left the \(Self.seconds(shortGap)) gap between \(previous.name) and "
              + "\(name): ending \(previous.name) earlier would leave it too short, "
              + "and where \(name) starts, longer than the maximum "
              + Self.seconds(maximum))
        }
      }
      if let latest, cue.start < entries[latest].cue.end, cue.end > cue.start,
        !(previous.map { cue.start < $0.cue.start } ?? false)
      {
        let earlier = entries[latest]
        let reason =
          earlier.cue.start > cue.start
          ? "\(earlier.name) starts after it, out of order"
          : earlier.placement != entry.placement
            ? "they are shown at different places"
            : !inOrder
              ? "the cues are not in order of start time"
              : "ending \(earlier.name) where \(name) starts would leave it "
                + "\(Self.seconds(Self.duration(earlier.cue.start, cue.start))), under the "
                + "minimum \(Self.seconds(trimFloor))"
        leftover(
          TimingRepair.overlap, entry, reported: &reported,
          "left \(name) overlapping \(earlier.name): " + reason)
      }
      if let media = repair.mediaDuration, media > .zero, cue.start >= media {
        leftover(
          TimingRepair.beyondMedia, entry, reported: &reported,
          "left \(name) starting at \(cue.start), after the media ends at \(media)")
      }
      if latest.map({ cue.end > entries[$0].cue.end }) ?? true { latest = offset }
    }
  }

  /// A rule and a cue (`RepairChange.cueIndex`).
  private struct LeftoverKey: Hashable {
    var rule: String
    var cue: Int?
  }

  /// Reports a finding left on `entry` under `rule`, unless the rule is off or a change
  /// not fixed already reports it (`reported`, which it joins).
  private mutating func leftover(
    _ rule: String, _ entry: Entry, reported: inout Set<LeftoverKey>, _ message: String
  ) {
    guard isOn(rule), reported.insert(LeftoverKey(rule: rule, cue: entry.index)).inserted else {
      return
    }
    change(rule, entry, message, fixed: false)
  }
}
