/// Limits that do not depend on the locale: the frame rate assumed when the media's is not
/// known, and the numbers of the media-level and audio-aware rules.
public struct MediaLimits: Sendable, Hashable {
  /// Frames per second assumed when no media says otherwise (`timing.min-gap`).
  public var assumedFrameRate: Double
  /// `coverage.long-gap`: longest gap between cues while the media runs.
  public var longGapMilliseconds: Int
  /// `coverage.uncaptioned-speech`: shortest stretch of speech reported.
  public var uncaptionedSpeechMilliseconds: Int
  /// `coverage.uncaptioned-speech`: how far a cue may be from the speech it covers.
  public var speechToleranceMilliseconds: Int
  /// `coverage.caption-over-silence`: shortest cue over silence reported.
  public var captionOverSilenceMilliseconds: Int
  /// `coverage.span`: how far the captions may start after, or end before, the speech.
  public var spanMilliseconds: Int
  /// `timing.sync-offset`: smallest constant offset reported.
  public var syncOffsetMilliseconds: Int
  /// `description.overlaps-dialogue`: overlap tolerated, in frames.
  public var descriptionOverlapFrames: Int

  public init(
    assumedFrameRate: Double, longGapMilliseconds: Int, uncaptionedSpeechMilliseconds: Int,
    speechToleranceMilliseconds: Int, captionOverSilenceMilliseconds: Int, spanMilliseconds: Int,
    syncOffsetMilliseconds: Int, descriptionOverlapFrames: Int
  ) {
    self.assumedFrameRate = assumedFrameRate
    self.longGapMilliseconds = longGapMilliseconds
    self.uncaptionedSpeechMilliseconds = uncaptionedSpeechMilliseconds
    self.speechToleranceMilliseconds = speechToleranceMilliseconds
    self.captionOverSilenceMilliseconds = captionOverSilenceMilliseconds
    self.spanMilliseconds = spanMilliseconds
    self.syncOffsetMilliseconds = syncOffsetMilliseconds
    self.descriptionOverlapFrames = descriptionOverlapFrames
  }

  /// One configurable field: its key in `captionkit.json`.
  public enum Key: String, Sendable, Hashable, CaseIterable {
    case assumedFrameRate
    case longGapMs
    case uncaptionedSpeechMs
    case speechToleranceMs
    case captionOverSilenceMs
    case spanMs
    case syncOffsetMs
    case descriptionOverlapFrames
  }

  public func value(_ key: Key) -> ConfigurationValue {
    switch key {
    case .assumedFrameRate: return .number(assumedFrameRate)
    case .longGapMs: return .number(Double(longGapMilliseconds))
    case .uncaptionedSpeechMs: return .number(Double(uncaptionedSpeechMilliseconds))
    case .speechToleranceMs: return .number(Double(speechToleranceMilliseconds))
    case .captionOverSilenceMs: return .number(Double(captionOverSilenceMilliseconds))
    case .spanMs: return .number(Double(spanMilliseconds))
    case .syncOffsetMs: return .number(Double(syncOffsetMilliseconds))
    case .descriptionOverlapFrames: return .number(Double(descriptionOverlapFrames))
    }
  }

  /// Sets a field; the value was checked when the configuration was read.
  public mutating func set(_ key: Key, _ value: ConfigurationValue) {
    guard case .number(let n) = value else { return }
    switch key {
    case .assumedFrameRate: assumedFrameRate = n
    case .longGapMs: longGapMilliseconds = Int(n)
    case .uncaptionedSpeechMs: uncaptionedSpeechMilliseconds = Int(n)
    case .speechToleranceMs: speechToleranceMilliseconds = Int(n)
    case .captionOverSilenceMs: captionOverSilenceMilliseconds = Int(n)
    case .spanMs: spanMilliseconds = Int(n)
    case .syncOffsetMs: syncOffsetMilliseconds = Int(n)
    case .descriptionOverlapFrames: descriptionOverlapFrames = Int(n)
    }
  }

  static func expectation(_ key: Key) -> ConfigurationValue.Expectation {
    key == .assumedFrameRate ? .positiveNumber : .count
  }

  /// These limits with `overrides` applied.
  public func applying(_ overrides: MediaOverrides) -> MediaLimits {
    var result = self
    for key in Key.allCases {
      if let value = overrides[key] { result.set(key, value) }
    }
    return result
  }
}

/// Some fields of `MediaLimits`, as a profile gives them.
public typealias MediaOverrides = [MediaLimits.Key: ConfigurationValue]
