import CaptionCore
import CaptionValidation

/// One run of `TimingRepair` over a track: the cues with what each needs, the changes made,
/// and the steps in their order (`Docs/repair/timing.md`).
struct TimingPass {
  /// One cue and what it needs, computed once from its text.
  struct Entry {
    /// The cue's index in the track as read.
    var index: Int
    /// The cue's index in the list repaired (the track as read, unless cues were split).
    var position: Int
    var cue: Cue
    var placement: TimingPlacement
    /// The duration `readability.cps` asks for, in milliseconds; 0 when it asks for none.
    var readingDuration: Int64
    /// The duration to extend the cue to: the minimum, or what its reading speed needs up to
    /// the maximum.
    var need: Int64

    /// Which part it is (1 for the first) of a cue the line repair split; nil for a cue
    /// not split.
    var part: Int?

    /// The cue's number in messages: 1-based, as read.
    var number: Int { index + 1 }

    /// How messages name the cue: `cue 4`, or `part 2 of cue 4` for a part of a split cue.
    var name: String { part.map { "part \($0) of cue \(number)" } ?? "cue \(number)" }
  }

  let repair: TimingRepair
  var entries: [Entry]
  var changes: [RepairChange] = []
  /// The gap left between cues that do not touch, in milliseconds (0: touching is enough,
  /// when the rule is off or the frame rate unknown).
  let gap: Int64
  /// The shortest duration an extension aims for (0 when neither duration rule is on).
  let minimumNeed: Int64
  /// The shortest duration a trim may leave a cue.
  let trimFloor: Int64
  let maximum: Int64

  init(_ repair: TimingRepair, cues: [Cue], origins: [Int]? = nil) {
    self.repair = repair
    let limits = repair.limits
    let gapOn = repair.rules.contains(TimingRepair.minGap)
    gap =
      gapOn
      ? repair.frameRate.map {
        TimingRepair.minimumGapMilliseconds(frames: limits.minimumGapFrames, frameRate: $0)
      } ?? 0 : 0
    let minimum = Int64(limits.minimumDurationMilliseconds)
    let minimumOn = repair.rules.contains(TimingRepair.minDuration)
    minimumNeed =
      minimumOn ? max(1, minimum) : repair.rules.contains(TimingRepair.zeroDuration) ? 1 : 0
    trimFloor = minimumOn ? max(1, minimum) : 1
    maximum = Int64(limits.maximumDurationMilliseconds)
    let readingOn = repair.rules.contains(TimingRepair.charactersPerSecond)
    var scanner = CueTextScanner(counting: limits.counting)
    let rate =
      repair.isForDeafAndHardOfHearing
      ? limits.charactersPerSecondSDH : limits.charactersPerSecond
    var entries: [Entry] = []
    entries.reserveCapacity(cues.count)
    for (index, cue) in cues.enumerated() {
      var reading: Int64 = 0
      if readingOn {
        scanner.scan(cue)
        if scanner.view.hasVisibleText {
          reading = Self.readingDuration(length: scanner.view.length, rate: rate)
        }
      }
      let need = max(minimumNeed, min(reading, maximum))
      entries.append(
        Entry(
          index: origins?[index] ?? index, position: index, cue: cue,
          placement: TimingPlacement(cue.settings),
          readingDuration: reading, need: need))
    }
    // The parts of a split cue: consecutive cues of one origin.
    var first = 0
    while first < entries.count {
      var last = first
      while last + 1 < entries.count, entries[last + 1].index == entries[first].index {
        last += 1
      }
      if last > first {
        for offset in first...last { entries[offset].part = offset - first + 1 }
      }
      first = last + 1
    }
    self.entries = entries
    if gapOn, repair.frameRate == nil, limits.minimumGapFrames > 0, cues.count > 1 {
      changes.append(
        RepairChange(
          rule: TimingRepair.minGap, cueIndex: nil, fixed: false,
          message: "the minimum gap of \(Self.frames(limits.minimumGapFrames)) was not "
            + "enforced: the frame rate is unknown"))
    }
  }

  /// The shortest whole number of milliseconds at which `length` characters are read at no
  /// more than `rate` per second, by `readability.cps`'s own comparison.
  static func readingDuration(length: Double, rate: Double) -> Int64 {
    guard rate > 0, length > 0 else { return 0 }
    let needed = length * 1000
    var duration = max(1, Int64(min((needed / rate).rounded(.up), 1e15)))
    while needed > rate * Double(duration) { duration += 1 }
    while duration > 1, !(needed > rate * Double(duration - 1)) { duration -= 1 }
    return duration
  }

  func isOn(_ rule: String) -> Bool { repair.rules.contains(rule) }

  // MARK: - Out of order

  /// Sorts the cues by start time, those starting together in the order read, and reports
  /// each cue that now comes before a cue it followed.
  mutating func sort() {
    guard isOn(TimingRepair.outOfOrder) else { return }
    var latest: Entry?
    var moved: [Entry] = []
    for entry in entries {
      if let last = latest, entry.cue.start < last.cue.start {
        moved.append(entry)
      } else {
        latest = entry
      }
    }
    guard !moved.isEmpty else { return }
    let read = entries
    entries.sort { a, b in
      a.cue.start < b.cue.start || a.cue.start == b.cue.start && a.position < b.position
    }
    for entry in moved {
      // The first cue read that starts after it: the one it now comes before.
      guard let later = read.first(where: { entry.cue.start < $0.cue.start }) else { continue }
      changes.append(
        RepairChange(
          rule: TimingRepair.outOfOrder, cueIndex: entry.index,
          message: "moved \(entry.name), starting at \(entry.cue.start), before "
            + "\(later.name) at \(later.cue.start)"))
    }
  }

  /// True when the cues are in order of start time. When they are not (the order is kept,
  /// `timing.out-of-order` being off), only the maximum duration is repaired, and one change
  /// says why: the other repairs read the time between a cue and the next.
  var isInOrder: Bool {
    zip(entries, entries.dropFirst()).allSatisfy { $0.cue.start <= $1.cue.start }
  }

  /// Trims each cue longer than the maximum; for cues left out of order.
  mutating func fixMaximumDurations() {
    changes.append(
      RepairChange(
        rule: TimingRepair.outOfOrder, cueIndex: nil, fixed: false,
        message: "the cues are not in order of start time, so only their maximum duration was "
          + "repaired"))
    for offset in entries.indices { trimToMaximum(at: offset) }
  }

  // MARK: - Beyond the media

  /// Brings back before the media's end the cues that start at or after it (one after the
  /// other, each for what it needs, the last ending with the media), and ends there the cues
  /// that run past it. No cue is dropped.
  mutating func clampToMedia() {
    guard isOn(TimingRepair.beyondMedia), let end = repair.mediaDuration, end > .zero else {
      return
    }
    for offset in entries.indices
    where entries[offset].cue.start < end && entries[offset].cue.end > end {
      let old = entries[offset].cue.end
      entries[offset].cue.end = end
      changes.append(
        RepairChange(
          rule: TimingRepair.beyondMedia, cueIndex: entries[offset].index,
          message: "moved the end of \(entries[offset].name) from \(old) to \(end), "
            + "where the media ends"))
    }
    guard let first = entries.firstIndex(where: { $0.cue.start >= end }) else { return }
    // Sorted (or the order kept when sorting is off): the cues beyond the end are the last.
    let beyond = entries.indices.filter { entries[$0].cue.start >= end }
    // The cues beyond start no earlier than the last cue before the end, so the order holds.
    let floor = first > 0 ? entries[first - 1].cue.start : .zero
    let room = end.milliseconds - floor.milliseconds
    var durations = beyond.map { max(1, entries[$0].need) }
    if durations.reduce(0, +) > room {
      let share = max(1, room / Int64(beyond.count))
      durations = durations.map { _ in share }
    }
    var next = end
    var moved: [RepairChange] = []
    for (place, offset) in beyond.enumerated().reversed() {
      let start = max(floor, MediaTime(milliseconds: next.milliseconds - durations[place]))
      let old = entries[offset].cue
      entries[offset].cue.start = start
      entries[offset].cue.end = next
      moved.append(
        RepairChange(
          rule: TimingRepair.beyondMedia, cueIndex: entries[offset].index,
          message: "moved \(entries[offset].name) from \(old.start)–\(old.end) to "
            + "\(start)–\(next), before the media ends at \(end)"))
      next = start
    }
    changes += moved.reversed()
  }

  static func frames(_ count: Int) -> String { "\(count) frame\(count == 1 ? "" : "s")" }

  static func seconds(_ milliseconds: Int64) -> String {
    MediaTime(milliseconds: milliseconds).decimalSeconds + " s"
  }
}
