/// Counts of levels in half-decibel steps, for a running percentile over a sliding window:
/// adding and removing a level cost O(1), a percentile at most one pass over the steps.
struct LevelHistogram {
  /// The lowest level kept, in dB; lower levels count as this one.
  static let lowest: Float = -140
  /// Steps per decibel.
  static let resolution: Float = 2
  /// Number of steps: -140 to +20 dB.
  static let count = 320

  private var counts = [Int32](repeating: 0, count: LevelHistogram.count)
  private(set) var total = 0

  /// The step holding `level`.
  static func step(_ level: Float) -> UInt16 {
    let raw = (level - lowest) * resolution
    if !(raw > 0) { return 0 }
    return UInt16(min(Float(count - 1), raw))
  }

  /// The level at the middle of `step`.
  static func level(_ step: Int) -> Float {
    lowest + (Float(step) + 0.5) / resolution
  }

  mutating func add(_ step: UInt16) {
    counts[Int(step)] += 1
    total += 1
  }

  mutating func remove(_ step: UInt16) {
    counts[Int(step)] -= 1
    total -= 1
  }

  /// The level under which a `fraction` of the counted levels lie.
  func percentile(_ fraction: Float) -> Float {
    let wanted = max(1, Int((Float(total) * fraction).rounded(.up)))
    var seen = 0
    return counts.withUnsafeBufferPointer { c in
      for step in 0..<c.count {
        seen += Int(c[step])
        if seen >= wanted { return LevelHistogram.level(step) }
      }
      return LevelHistogram.level(c.count - 1)
    }
  }
}
