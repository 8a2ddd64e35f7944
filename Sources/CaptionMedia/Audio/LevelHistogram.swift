/// Counts of levels in half-decibel steps, for a running percentile over a sliding window:
/// adding and removing a level cost O(1), and the percentile is tracked by a step pointer
/// that moves only as far as the counts change, so reading it is O(1) amortised.
struct LevelHistogram {
  /// The lowest level kept, in dB; lower levels count as this one.
  static let lowest: Float = -140
  /// Steps per decibel.
  static let resolution: Float = 2
  /// Number of steps: -140 to +20 dB.
  static let count = 320

  /// The share of levels the percentile lies above, 0 to 1.
  let fraction: Float
  private var counts = [Int32](repeating: 0, count: LevelHistogram.count)
  private(set) var total = 0
  /// The step the percentile was last found at, and how many levels lie below that step.
  private var pointer = 0
  private var below = 0

  init(fraction: Float) {
    self.fraction = min(1, max(0, fraction))
  }

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
    if Int(step) < pointer { below += 1 }
  }

  mutating func remove(_ step: UInt16) {
    counts[Int(step)] -= 1
    total -= 1
    if Int(step) < pointer { below -= 1 }
  }

  /// The level of the lowest step under which at least `fraction` of the levels lie
  /// (counting the step itself); the lowest level when empty.
  mutating func percentile() -> Float {
    let wanted = max(1, Int((Float(total) * fraction).rounded(.up)))
    counts.withUnsafeBufferPointer { c in
      // Move up while the levels up to the pointer's step are too few, down while the levels
      // below it are already enough.
      while pointer < c.count - 1 && below + Int(c[pointer]) < wanted {
        below += Int(c[pointer])
        pointer += 1
      }
      while pointer > 0 && below >= wanted {
        pointer -= 1
        below -= Int(c[pointer])
      }
    }
    return LevelHistogram.level(pointer)
  }
}
