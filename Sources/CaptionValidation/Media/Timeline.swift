public import CaptionCore

/// Time stretches in milliseconds, sorted and merged, and what the media-level rules ask of
/// them: total length, overlap, the parts one set leaves uncovered.
public struct Timeline: Sendable, Hashable {
  /// Non-overlapping `[start, end)` stretches in time order.
  public private(set) var ranges: [(start: Int64, end: Int64)]

  /// The union of `ranges` (any order, overlaps allowed; empty ranges dropped).
  public init(_ ranges: [(start: Int64, end: Int64)]) {
    let sorted = ranges.filter { $0.end > $0.start }.sorted { $0.start < $1.start }
    var merged: [(start: Int64, end: Int64)] = []
    merged.reserveCapacity(sorted.count)
    for range in sorted {
      if let last = merged.last, range.start <= last.end {
        merged[merged.count - 1].end = max(last.end, range.end)
      } else {
        merged.append(range)
      }
    }
    self.ranges = merged
  }

  /// The union of the cues' times.
  public init(cues: some Sequence<Cue>) {
    self.init(cues.map { ($0.start.milliseconds, $0.end.milliseconds) })
  }

  /// The union of the segments of detected activity.
  public init(activity: AudioActivity) {
    self.init(activity.segments.map { ($0.start.milliseconds, $0.end.milliseconds) })
  }

  public static func == (a: Timeline, b: Timeline) -> Bool {
    a.ranges.elementsEqual(b.ranges) { $0.start == $1.start && $0.end == $1.end }
  }

  public func hash(into hasher: inout Hasher) {
    for range in ranges {
      hasher.combine(range.start)
      hasher.combine(range.end)
    }
  }

  /// The total length.
  public var duration: Int64 { ranges.reduce(0) { $0 + ($1.end - $1.start) } }

  /// This timeline with every stretch widened by `margin` on both sides.
  public func widened(by margin: Int64) -> Timeline {
    Timeline(ranges.map { ($0.start - margin, $0.end + margin) })
  }

  /// How long this timeline, shifted by `shift`, overlaps `other`; linear in both sizes.
  public func overlap(with other: Timeline, shiftedBy shift: Int64 = 0) -> Int64 {
    var total: Int64 = 0
    var i = 0
    var j = 0
    let a = ranges
    let b = other.ranges
    while i < a.count, j < b.count {
      let start = max(a[i].start + shift, b[j].start)
      let end = min(a[i].end + shift, b[j].end)
      if end > start { total += end - start }
      if a[i].end + shift < b[j].end { i += 1 } else { j += 1 }
    }
    return total
  }

  /// How long `[start, end)` overlaps this timeline; logarithmic plus the stretches it meets.
  public func overlap(start: Int64, end: Int64) -> Int64 {
    var index = firstIndex(endingAfter: start)
    var total: Int64 = 0
    while index < ranges.count, ranges[index].start < end {
      total += min(end, ranges[index].end) - max(start, ranges[index].start)
      index += 1
    }
    return total
  }

  /// The stretches of this timeline that `other` leaves uncovered.
  public func subtracting(_ other: Timeline) -> Timeline {
    var result: [(start: Int64, end: Int64)] = []
    var j = 0
    let b = other.ranges
    for range in ranges {
      var start = range.start
      while j < b.count, b[j].end <= start { j += 1 }
      var k = j
      while k < b.count, b[k].start < range.end {
        if b[k].start > start { result.append((start, b[k].start)) }
        start = max(start, b[k].end)
        k += 1
      }
      if start < range.end { result.append((start, range.end)) }
    }
    return Timeline(result)
  }

  /// The index of the first stretch that ends after `time`.
  public func firstIndex(endingAfter time: Int64) -> Int {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].end <= time { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The start of the first stretch that starts at or after `time`, or that contains it.
  public func nextStart(after time: Int64) -> Int64? {
    let index = firstIndex(endingAfter: time)
    guard index < ranges.count else { return nil }
    return max(ranges[index].start, time)
  }
}
