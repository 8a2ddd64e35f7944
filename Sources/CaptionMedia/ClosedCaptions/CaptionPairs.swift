public import CaptionCore

/// The byte pairs of one CEA-608 field of a stream, in presentation order, stored packed: a
/// tick count and one 32-bit word per pair (12 bytes), so that the two hours of a film
/// (some 216,000 pairs a field at 29.97 frames a second) take a few megabytes.
///
/// Each element is a `CaptionPair`; its time is worked out when it is read.
public struct CaptionPairs: RandomAccessCollection, Sendable, Hashable {
  /// The unit of `ticks`: `numerator / timescale` seconds (the stream's time base).
  private let numerator: Int64
  private let timescale: Int32
  /// The presentation start, subtracted from each time.
  private let origin: MediaTime
  private var ticks: [Int64] = []
  /// The bytes (first in bits 8-15, second in bits 0-7) and bit 16 for `cc_valid`.
  private var words: [UInt32] = []

  /// Pairs timed in units of `numerator / timescale` seconds, made relative to `origin`.
  public init(numerator: Int64 = 1, timescale: Int32, origin: MediaTime = .zero) {
    self.numerator = numerator
    self.timescale = timescale
    self.origin = origin
  }

  /// Pairs already packed: `words` as `append` packs them, one per entry of `ticks`.
  init(numerator: Int64, timescale: Int32, origin: MediaTime, ticks: [Int64], words: [UInt32]) {
    self.init(numerator: numerator, timescale: timescale, origin: origin)
    self.ticks = ticks
    self.words = words
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { ticks.count }

  public subscript(position: Int) -> CaptionPair {
    let word = words[position]
    return CaptionPair(
      time: time(ofTicks: ticks[position]), first: UInt8(truncatingIfNeeded: word >> 8),
      second: UInt8(truncatingIfNeeded: word), isValid: word & 0x1_0000 != 0)
  }

  /// The pairs the carriage marked valid, as a `(first, second)` list: what a decoder reads.
  public var validBytes: [(UInt8, UInt8)] {
    words.compactMap { word in
      word & 0x1_0000 == 0
        ? nil : (UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word))
    }
  }

  /// Adds a pair presented at `ticks` (in the stream's time base).
  public mutating func append(ticks: Int64, first: UInt8, second: UInt8, isValid: Bool) {
    self.ticks.append(ticks)
    words.append(UInt32(first) << 8 | UInt32(second) | (isValid ? 0x1_0000 : 0))
  }

  /// Reserves room for `count` pairs more.
  public mutating func reserveCapacity(_ count: Int) {
    ticks.reserveCapacity(ticks.count + count)
    words.reserveCapacity(words.count + count)
  }

  private func time(ofTicks value: Int64) -> MediaTime {
    let (scaled, overflow) = value.multipliedReportingOverflow(by: numerator)
    return MediaTime(value: overflow ? (value < 0 ? .min : .max) : scaled, timescale: timescale)
      - origin
  }
}
