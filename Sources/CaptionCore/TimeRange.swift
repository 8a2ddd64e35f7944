/// A half-open span of media time, `start ..< end`.
public struct TimeRange: Sendable, Hashable {
  public var start: MediaTime
  public var end: MediaTime

  public init(start: MediaTime, end: MediaTime) {
    self.start = start
    self.end = end
  }

  public var duration: MediaTime { end - start }

  /// True when the range has no length or runs backwards.
  public var isEmpty: Bool { end <= start }

  public func contains(_ time: MediaTime) -> Bool { start <= time && time < end }

  /// True when the two ranges share some time (touching ends do not overlap, and an empty
  /// range shares no time with any range).
  public func overlaps(_ other: TimeRange) -> Bool {
    start < end && other.start < other.end && start < other.end && other.start < end
  }
}
