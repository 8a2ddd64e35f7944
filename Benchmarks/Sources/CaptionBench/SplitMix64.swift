/// SplitMix64 (Steele, Lea and Flood, 2014): a small, fast generator whose whole output is a
/// function of its seed, so a seed names the same bytes on every machine and toolchain.
///
/// The helpers below draw numbers with their own arithmetic rather than the standard
/// library's `random(in:using:)`, whose algorithm is not promised to stay the same.
public struct SplitMix64: Sendable {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`, for `bound` from 1 to 2^32 (multiply-shift of the top 32 bits).
  public mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0 && bound <= 1 << 32, "bound out of range")
    return Int(((next() >> 32) &* UInt64(bound)) >> 32)
  }

  /// A number in `range`.
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.upperBound - range.lowerBound + 1)
  }

  /// True `perMille` times in a thousand.
  public mutating func chance(perMille: Int) -> Bool {
    below(1000) < perMille
  }

  /// One element of a non-empty array.
  public mutating func pick<Element>(_ elements: [Element]) -> Element {
    elements[below(elements.count)]
  }
}
