import CaptionCore

extension TimingPass {
  /// Spreads the parts of each cue the line repair split over the free time after them,
  /// when a part is shorter than it needs: the split divided the cue's own time among its
  /// parts, so only the last part could otherwise grow into the time after it, and the others
  /// would stay too fast to read. The parts are consecutive entries numbered from part 1,
  /// each starting where the one before ends. They keep their order and touch as before; the
  /// first keeps its start; together they take what they need (each part in proportion to
  /// its need), up to the next cue (less the gap) or the media's end.
  mutating func spreadSplitCues() {
    guard minimumNeed > 0 || isOn(TimingRepair.charactersPerSecond) else { return }
    var first = 0
    while first < entries.count {
      var last = first
      if entries[first].part == 1 {
        while last + 1 < entries.count, let part = entries[last].part,
          entries[last + 1].part == part + 1,
          entries[last + 1].cue.start == entries[last].cue.end
        {
          last += 1
        }
      }
      if last > first { spread(first...last) }
      first = last + 1
    }
  }

  private mutating func spread(_ parts: ClosedRange<Int>) {
    let start = entries[parts.lowerBound].cue.start.milliseconds
    let end = entries[parts.upperBound].cue.end.milliseconds
    let needs = parts.map { entries[$0].need }
    let total = needs.reduce(0, +)
    guard total > 0,
      parts.contains(where: {
        Self.duration(entries[$0].cue.start, entries[$0].cue.end) < entries[$0].need
      })
    else { return }
    let following = parts.upperBound + 1 < entries.count ? entries[parts.upperBound + 1] : nil
    var limit = Int64.max
    if let next = following?.cue.start.milliseconds {
      // A later cue that starts inside the parts (at another place) keeps them as they are.
      guard next >= end else { return }
      // Short of what they need, the parts touch the next cue, as a cue extended does.
      limit = start + total > next - gap ? next : next - gap
    }
    if let media = repair.mediaDuration, media > .zero {
      limit = min(limit, media.milliseconds)
    }
    let span = min(total, max(limit, end) - start)
    guard span > end - start else { return }
    let old = parts.map { entries[$0].cue }
    var needed: Int64 = 0
    var partStart = start
    for (place, offset) in parts.enumerated() {
      needed += needs[place]
      let partEnd = offset == parts.upperBound ? start + span : start + span * needed / total
      entries[offset].cue.start = MediaTime(milliseconds: partStart)
      entries[offset].cue.end = MediaTime(milliseconds: partEnd)
      partStart = partEnd
    }
    // Reported once all are placed, so that each names where the next now starts.
    for (place, offset) in parts.enumerated() where entries[offset].cue != old[place] {
      let next = offset + 1 < entries.count ? entries[offset + 1] : nil
      reportExtension(of: entries[offset], from: old[place], to: entries[offset].cue, next: next)
    }
  }
}
