public import CaptionCore

/// One CEA-608 byte pair of a closed-caption field, as the media carries it (parity bits
/// kept), with its presentation time.
public struct CaptionPair: Sendable, Hashable {
  /// When the picture (or sample) carrying the pair is presented, relative to the
  /// presentation start, as subtitle cue times are.
  public var time: MediaTime
  /// The two bytes, parity bits included.
  public var first: UInt8
  public var second: UInt8
  /// Whether the carriage marked the pair valid (`cc_valid`); invalid pairs are padding a
  /// decoder skips.
  public var isValid: Bool

  public init(time: MediaTime, first: UInt8, second: UInt8, isValid: Bool = true) {
    self.time = time
    self.first = first
    self.second = second
    self.isValid = isValid
  }
}
