import CaptionCore
import CaptionValidation

extension TimingPass {
  /// Fixes each cue's end, and its start when it must grow backwards, in order of start:
  /// the maximum duration, then a same-place overlap, then the gap to the next cue, then the
  /// duration the cue needs (forwards into the free time after it, then backwards into the
  /// free time before it for the minimum). Each cue's changes stay within the time the cues
  /// before it left, so a cue done is never undone by a later one.
  mutating func fixCues() {
    var latestEnd: MediaTime?
    for offset in entries.indices {
      fixCue(at: offset, after: latestEnd)
      let end = entries[offset].cue.end
      if latestEnd.map({ end > $0 }) ?? true { latestEnd = end }
    }
  }

  /// The time `milliseconds` before `time` (the time itself for 0, so a touch stays exact).
  static func time(_ time: MediaTime, minus milliseconds: Int64) -> MediaTime {
    milliseconds == 0 ? time : MediaTime(milliseconds: time.milliseconds - milliseconds)
  }

  static func duration(_ start: MediaTime, _ end: MediaTime) -> Int64 {
    end.milliseconds - start.milliseconds
  }

  private mutating func fixCue(at offset: Int, after latestEnd: MediaTime?) {
    let entry = entries[offset]
    let start = entry.cue.start
    let next = offset + 1 < entries.count ? entries[offset + 1] : nil
    let name = entry.name

    trimToMaximum(at: offset)
    var end = entries[offset].cue.end

    // An overlap with a later cue at the same place.
    if isOn(TimingRepair.overlap), let later = sameplaceOverlap(after: offset, end: end) {
      let laterStart = later.cue.start
      let withGap = Self.time(laterStart, minus: gap)
      var reason = "so that it ends where \(later.name) starts"
      var target: MediaTime?
      if gap > 0, Self.duration(start, withGap) >= max(entry.need, trimFloor) {
        target = withGap
        reason = "to leave \(gapName) before \(later.name)"
      } else if Self.duration(start, laterStart) >= trimFloor {
        target = laterStart
      } else if let earlier = earliestStart(
        at: offset, wanted: laterStart.milliseconds - trimFloor, after: latestEnd),
        Self.duration(earlier, laterStart) >= trimFloor
      {
        change(
          TimingRepair.overlap, entry,
          "moved \(name) from \(start)–\(end) to \(earlier)–\(laterStart), so that it "
            + "ends where \(later.name) starts")
        entries[offset].cue.start = earlier
        entries[offset].cue.end = laterStart
        fixDuration(at: offset, after: latestEnd)
        return
      }
      if let target {
        change(
          TimingRepair.overlap, entry,
          "moved the end of \(name) from \(end) to \(target) \(reason)")
        end = target
      }
    }

    // The gap to the next cue.
    if isOn(TimingRepair.minGap), gap > 0, let next, end <= next.cue.start,
      next.cue.start >= start
    {
      let shortGap = Self.duration(end, next.cue.start)
      if shortGap > 0, shortGap < gap {
        let withGap = Self.time(next.cue.start, minus: gap)
        if Self.duration(start, withGap) >= max(entry.need, trimFloor)
          || Self.duration(start, next.cue.start) > maximum
            && Self.duration(start, withGap) >= trimFloor
        {
          change(
            TimingRepair.minGap, entry,
            "moved the end of \(name) from \(end) to \(withGap) to leave \(gapName) "
              + "before \(next.name)")
          end = withGap
        } else if Self.duration(start, next.cue.start) <= maximum,
          repair.mediaDuration.map({ $0 <= .zero || next.cue.start <= $0 }) ?? true
        {
          change(
            TimingRepair.minGap, entry,
            "moved the end of \(name) from \(end) to \(next.cue.start), where "
              + "\(next.name) starts, closing a gap shorter than "
              + Self.frames(repair.limits.minimumGapFrames))
          end = next.cue.start
        }
      }
    }

    entries[offset].cue.end = end
    fixDuration(at: offset, after: latestEnd)
  }

  /// Ends the cue at `offset` at the maximum duration when it lasts longer.
  mutating func trimToMaximum(at offset: Int) {
    let entry = entries[offset]
    let (start, end) = (entry.cue.start, entry.cue.end)
    guard isOn(TimingRepair.maxDuration), Self.duration(start, end) > maximum else { return }
    let trimmed = MediaTime(milliseconds: start.milliseconds + maximum)
    change(
      TimingRepair.maxDuration, entry,
      "moved the end of \(entry.name) from \(end) to \(trimmed), the maximum duration "
        + "of " + Self.seconds(maximum))
    entries[offset].cue.end = trimmed
  }

  /// `the 2-frame gap` (84 ms at 24 fps).
  var gapName: String { "the \(repair.limits.minimumGapFrames)-frame gap" }

  /// The first later cue at the same place as the cue at `offset` that starts before `end`.
  private func sameplaceOverlap(after offset: Int, end: MediaTime) -> Entry? {
    let placement = entries[offset].placement
    let start = entries[offset].cue.start
    var later = offset + 1
    // Sorted, the later cues start in order; left unsorted, a later cue that starts before
    // this one is out of order, not overlapping, and does not stop the search.
    while later < entries.count, entries[later].cue.start < end {
      let candidate = entries[later]
      if candidate.placement == placement, candidate.cue.start >= start { return candidate }
      later += 1
    }
    return nil
  }

  /// Extends the cue at `offset` to the duration it needs: forwards into the free time
  /// before the next cue (leaving the gap, or touching it when the gap would leave too
  /// little), never past the maximum duration or the media's end; then, for the minimum
  /// duration only, backwards into the free time after the cues before it.
  private mutating func fixDuration(at offset: Int, after latestEnd: MediaTime?) {
    let entry = entries[offset]
    let original = entry.cue
    let start = original.start
    var end = original.end
    let following = offset + 1 < entries.count ? entries[offset + 1] : nil
    let next = following?.cue.start
    guard Self.duration(start, end) < entry.need else { return }
    // Forwards, unless the cue overlaps the next (kept, at another place) or the next is
    // out of order (left unsorted).
    if next.map({ end <= $0 && start <= $0 }) ?? true {
      let wanted = MediaTime(milliseconds: start.milliseconds + entry.need)
      var target = wanted
      if let next {
        let limit = Self.time(next, minus: gap)
        if wanted > limit {
          target = Self.duration(start, next) <= maximum ? next : limit
        }
        if wanted <= limit, target > next { target = next }
      }
      if let media = repair.mediaDuration, media > .zero, target > media {
        target = max(media, end)
        // Ended with the media, short of a cue starting after it: not closer than the gap.
        if let next, target < next, Self.duration(target, next) < gap {
          target = max(Self.time(next, minus: gap), end)
        }
      }
      if target > end { end = target }
    }
    var newStart = start
    if Self.duration(start, end) < minimumNeed, end >= start,
      let earlier = earliestStart(
        at: offset, wanted: end.milliseconds - minimumNeed, after: latestEnd)
    {
      newStart = earlier
    }
    guard end != original.end || newStart != start else { return }
    entries[offset].cue.start = newStart
    entries[offset].cue.end = end
    reportExtension(of: entry, from: original, to: entries[offset].cue, next: following)
  }

  /// The earliest start, no earlier than `wanted` (milliseconds), the cue at `offset` can
  /// take without overlapping the cues before it, breaking their order or leaving a gap
  /// under the minimum; nil when it cannot start earlier than it does.
  private func earliestStart(at offset: Int, wanted: Int64, after latestEnd: MediaTime?)
    -> MediaTime?
  {
    let start = entries[offset].cue.start
    var candidate: MediaTime
    if offset == 0 {
      candidate = MediaTime(milliseconds: max(0, wanted))
    } else {
      let previous = entries[offset - 1].cue
      guard let latestEnd, previous.end > previous.start, latestEnd <= start else { return nil }
      if gap > 0 {
        if wanted >= latestEnd.milliseconds + gap {
          candidate = MediaTime(milliseconds: wanted)
        } else if previous.end == latestEnd {
          candidate = latestEnd
        } else {
          candidate = MediaTime(milliseconds: latestEnd.milliseconds + gap)
        }
      } else {
        candidate = max(MediaTime(milliseconds: wanted), latestEnd)
      }
      guard candidate >= previous.start else { return nil }
    }
    return candidate < start ? candidate : nil
  }

  /// Reports an extension under each rule whose finding it was meant to repair, fixed when
  /// that rule is now quiet.
  mutating func reportExtension(
    of entry: Entry, from old: Cue, to new: Cue, next: Entry?
  ) {
    let oldDuration = Self.duration(old.start, old.end)
    let newDuration = Self.duration(new.start, new.end)
    let name = entry.name
    let moved =
      new.start == old.start
      ? "moved the end of \(name) from \(old.end) to \(new.end)"
      : "moved \(name) from \(old.start)–\(old.end) to \(new.start)–\(new.end)"
    let short = shortfall(of: entry, next: next)
    if isOn(TimingRepair.zeroDuration), old.end <= old.start {
      let fixed = new.end > new.start
      change(
        TimingRepair.zeroDuration, entry,
        moved + " so that it ends after its start" + (fixed ? "" : short), fixed: fixed)
    }
    let minimum = Int64(repair.limits.minimumDurationMilliseconds)
    if isOn(TimingRepair.minDuration),
      oldDuration > 0 && oldDuration < minimum
        || old.end <= old.start && newDuration > 0 && newDuration < minimum
    {
      let fixed = newDuration >= minimum
      change(
        TimingRepair.minDuration, entry,
        moved + " to show it for the minimum " + Self.seconds(minimum) + (fixed ? "" : short),
        fixed: fixed)
    }
    if isOn(TimingRepair.charactersPerSecond), oldDuration > 0,
      entry.readingDuration > oldDuration
    {
      let fixed = newDuration >= entry.readingDuration
      change(
        TimingRepair.charactersPerSecond, entry,
        moved + " to read it at \(rateName)"
          + (fixed ? "" : shortfall(of: entry, next: next, reading: true)), fixed: fixed)
    }
  }

  /// `17 characters per second`, the limit that applies.
  var rateName: String {
    let limits = repair.limits
    let rate =
      repair.isForDeafAndHardOfHearing
      ? limits.charactersPerSecondSDH : limits.charactersPerSecond
    let words = rate == rate.rounded() && abs(rate) < 1e15 ? "\(Int64(rate))" : "\(rate)"
    return "\(words) characters per second"
  }

  /// Why the cue could not have what it needs: `; cue 5 starts at 00:00:05.000`.
  func shortfall(of entry: Entry, next: Entry?, reading: Bool = false) -> String {
    if reading, entry.readingDuration > maximum {
      return "; it would need \(Self.seconds(entry.readingDuration)), over the maximum "
        + Self.seconds(maximum)
    }
    if let next { return "; \(next.name) starts at \(next.cue.start)" }
    if let media = repair.mediaDuration { return "; the media ends at \(media)" }
    return ""
  }

  mutating func change(_ rule: String, _ entry: Entry, _ message: String, fixed: Bool = true) {
    changes.append(RepairChange(rule: rule, cueIndex: entry.index, fixed: fixed, message: message))
  }
}
