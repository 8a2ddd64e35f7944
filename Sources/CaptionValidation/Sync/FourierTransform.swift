import CaptionCore

/// A radix-2 fast Fourier transform of one size, for the cross-correlations of the sync
/// estimator: every offset between two 0/1 timelines scored in one pass.
struct FourierTransform {
  /// The size: a power of two.
  let count: Int
  private let cosines: [Double]
  private let sines: [Double]

  /// A transform of at least `minimum` points.
  init(atLeast minimum: Int) {
    var count = 2
    while count < minimum { count <<= 1 }
    self.count = count
    var cosines = [Double](repeating: 0, count: count / 2)
    var sines = [Double](repeating: 0, count: count / 2)
    for k in 0..<count / 2 {
      let angle = -2 * Double.pi * Double(k) / Double(count)
      cosines[k] = Self.cosine(angle)
      sines[k] = Self.cosine(angle - Double.pi / 2)
    }
    self.cosines = cosines
    self.sines = sines
  }

  /// The forward transform of `real` + i `imaginary` in place (`inverse`: the inverse,
  /// without the 1/n scale).
  func transform(_ real: inout [Double], _ imaginary: inout [Double], inverse: Bool = false) {
    precondition(real.count == count && imaginary.count == count)
    // Bit-reversal permutation.
    var j = 0
    for i in 1..<count {
      var bit = count >> 1
      while j & bit != 0 {
        j ^= bit
        bit >>= 1
      }
      j |= bit
      if i < j {
        real.swapAt(i, j)
        imaginary.swapAt(i, j)
      }
    }
    var length = 2
    while length <= count {
      let half = length / 2
      let stride = count / length
      var start = 0
      while start < count {
        for k in 0..<half {
          let c = cosines[k * stride]
          let s = inverse ? -sines[k * stride] : sines[k * stride]
          let a = start + k
          let b = a + half
          let tr = real[b] * c - imaginary[b] * s
          let ti = real[b] * s + imaginary[b] * c
          real[b] = real[a] - tr
          imaginary[b] = imaginary[a] - ti
          real[a] += tr
          imaginary[a] += ti
        }
        start += length
      }
      length <<= 1
    }
  }

  /// The transform of real values `b` (at most `count`), to correlate many timelines with.
  func spectrum(_ b: [Double]) -> (real: [Double], imaginary: [Double]) {
    var real = b + [Double](repeating: 0, count: count - b.count)
    var imaginary = [Double](repeating: 0, count: count)
    transform(&real, &imaginary)
    return (real, imaginary)
  }

  /// For each shift d from 0 to `count` - 1, Σ a[k] · b[(k + d) mod count]: how much `a`
  /// moved later by d overlaps `b`, given `b`'s `spectrum`. `a` holds at most `count` values.
  func correlation(_ a: [Double], with b: (real: [Double], imaginary: [Double])) -> [Double] {
    var (ar, ai) = spectrum(a)
    // conj(A) × B
    for k in 0..<count {
      let r = ar[k] * b.real[k] + ai[k] * b.imaginary[k]
      let i = ar[k] * b.imaginary[k] - ai[k] * b.real[k]
      ar[k] = r
      ai[k] = i
    }
    transform(&ar, &ai, inverse: true)
    let scale = 1 / Double(count)
    return ar.map { $0 * scale }
  }

  /// `correlation(_:with:)` of two timelines.
  func correlation(_ a: [Double], _ b: [Double]) -> [Double] {
    correlation(a, with: spectrum(b))
  }

  /// cos(x) by its Taylor series after reduction to [-π/4, π/4] (the module has no libm).
  static func cosine(_ x: Double) -> Double {
    var x = x.truncatingRemainder(dividingBy: 2 * Double.pi)
    if x < 0 { x += 2 * Double.pi }
    // cos(x) = cos(x - kπ/2) rotated.
    let quarter = Int((x / (Double.pi / 2)).rounded()) & 3
    let r = x - Double(Int((x / (Double.pi / 2)).rounded())) * (Double.pi / 2)
    let r2 = r * r
    let c = 1 - r2 / 2 * (1 - r2 / 12 * (1 - r2 / 30 * (1 - r2 / 56 * (1 - r2 / 90))))
    let s = r * (1 - r2 / 6 * (1 - r2 / 20 * (1 - r2 / 42 * (1 - r2 / 72 * (1 - r2 / 110)))))
    switch quarter {
    case 0: return c
    case 1: return -s
    case 2: return -c
    default: return s
    }
  }
}
