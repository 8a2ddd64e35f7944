public import CaptionCore

/// One constant offset between the captions' timing and the detected speech, with how sure
/// the estimate is.
///
/// `SyncEstimator`, the estimator of `captionkit sync`, aligns the cues that hold speech to
/// the detected speech with one offset (no frame-rate ratio, no pieces) of at most 5 s
/// either way. Where a range of offsets fits equally well (a cue longer than its speech
/// overlaps it as much under several), the one nearest zero is reported: the smallest
/// change that fits as well. The confidence is the estimator's: the share of the
/// cues' time that then overlaps speech, times how clearly the offset stands above any
/// other more than 2 s away from it.
public struct SyncOffset: Sendable, Hashable {
  /// Caption time minus speech time, in milliseconds: positive when the captions are late.
  public var milliseconds: Int64
  /// From 0 (no evidence) to 1.
  public var confidence: Double

  public init(milliseconds: Int64, confidence: Double) {
    self.milliseconds = milliseconds
    self.confidence = confidence
  }

  /// The largest offset looked for, in milliseconds.
  public static let range: Int64 = 5000
  /// The confidence from which an offset is reported.
  public static let reportedConfidence = 0.3

  /// The offset of `cues` against `speech`; nil when either is empty.
  public static func estimate(cues: [Cue], speech: AudioActivity) -> SyncOffset? {
    let detected = Timeline(activity: speech)
    guard
      let alignment = SyncEstimator.align(
        cues.filter(MediaTracks.isSpeech), to: detected, ratios: [1], searchRatios: false,
        pieces: false, maximumOffset: range, nearestZero: true),
      let piece = alignment.pieces.first
    else { return nil }
    // The estimator gives media time minus caption time.
    return SyncOffset(milliseconds: -piece.offset, confidence: alignment.confidence)
  }
}
