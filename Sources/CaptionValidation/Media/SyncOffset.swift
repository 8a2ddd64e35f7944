public import CaptionCore

/// One constant offset between the captions' timing and the detected speech, with how sure
/// the estimate is.
///
/// The estimate shifts the cues that hold speech by every offset from -5 s to +5 s in 20 ms
/// steps and keeps the one under which they overlap the detected speech most (the closest to
/// zero among those within 1 % of the best). The confidence is how much better the best
/// offset is than the average one, times the share of the cues' time that then overlaps
/// speech: near 0 when the overlap hardly depends on the offset or stays low, near 1 when
/// one offset lines the cues up with the speech and others do not.
public struct SyncOffset: Sendable, Hashable {
  /// Caption time minus speech time, in milliseconds: positive when the captions are late.
  public var milliseconds: Int64
  /// From 0 (no evidence) to 1.
  public var confidence: Double

  public init(milliseconds: Int64, confidence: Double) {
    self.milliseconds = milliseconds
    self.confidence = confidence
  }

  /// The largest offset tried, in milliseconds.
  public static let range: Int64 = 5000
  /// The step between offsets tried, in milliseconds.
  public static let step: Int64 = 20
  /// The confidence from which an offset is reported.
  public static let reportedConfidence = 0.3

  /// The offset of `cues` against `speech`; nil when either is empty.
  public static func estimate(cues: [Cue], speech: AudioActivity) -> SyncOffset? {
    let captions = Timeline(cues: cues.filter(MediaTracks.isSpeech))
    let detected = Timeline(activity: speech)
    let total = captions.duration
    guard total > 0, detected.duration > 0 else { return nil }
    var overlaps: [(shift: Int64, overlap: Int64)] = []
    var shift = -range
    while shift <= range {
      // Shifting the cues by -offset lines them up with the speech when they are late.
      overlaps.append((shift, captions.overlap(with: detected, shiftedBy: -shift)))
      shift += step
    }
    guard let best = overlaps.map(\.overlap).max(), best > 0 else { return nil }
    let near = overlaps.filter { Double($0.overlap) >= Double(best) * 0.99 }
    let chosen = near.min { abs($0.shift) < abs($1.shift) } ?? overlaps[0]
    let mean = Double(overlaps.reduce(0) { $0 + $1.overlap }) / Double(overlaps.count)
    let sharpness = (Double(best) - mean) / Double(best)
    let agreement = Double(chosen.overlap) / Double(total)
    let confidence = min(1, max(0, sharpness * 2) * min(1, agreement))
    return SyncOffset(milliseconds: chosen.shift, confidence: confidence)
  }
}
