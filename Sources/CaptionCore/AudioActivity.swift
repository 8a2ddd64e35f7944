/// Where a stretch of audio holds speech-like sound, as found by `AudioActivityDetector`.
public struct AudioActivity: Sendable, Hashable {
  /// One stretch of activity: its time range and its loudness.
  public struct Segment: Sendable, Hashable {
    /// When the activity starts, relative to the start of the analysed audio (or of the
    /// media's presentation, for `AudioActivityAnalyzer`).
    public var start: MediaTime
    /// When the activity ends (exclusive).
    public var end: MediaTime
    /// The RMS level of the frames judged active inside the segment, in dBFS (a full-scale
    /// square wave is 0 dBFS, a full-scale sine about -3 dBFS).
    public var level: Double

    public init(start: MediaTime, end: MediaTime, level: Double) {
      self.start = start
      self.end = end
      self.level = level
    }

    /// The segment as a time range.
    public var range: TimeRange { TimeRange(start: start, end: end) }
  }

  /// The active stretches, in time order, never overlapping.
  public var segments: [Segment]
  /// How much audio was analysed.
  public var duration: MediaTime

  public init(segments: [Segment], duration: MediaTime) {
    self.segments = segments
    self.duration = duration
  }

  /// The total length of the segments.
  public var activeDuration: MediaTime {
    segments.reduce(MediaTime.zero) { $0 + ($1.end - $1.start) }
  }
}
