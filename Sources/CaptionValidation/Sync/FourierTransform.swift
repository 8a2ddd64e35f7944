import CaptionCore

/// A radix-2 fast Fourier transform of real timelines of one size, for the
/// cross-correlations of the sync estimator: every offset between two 0/1 timelines scored
/// in one pass. A real timeline of n points is transformed as a complex one of n/2 points
/// (its even points the real parts, its odd points the imaginary ones), then split into the
/// n/2 + 1 values of its spectrum that are not mirrors of others: half the work of a complex
/// transform of n points.
struct FourierTransform {
  /// The size: a power of two, at least 4.
  let count: Int
  /// cos and sin of -2πk/(n/2), for the complex transform of n/2 points.
  private let cosines: [Double]
  private let sines: [Double]
  /// cos and sin of -2πk/n, k < n/2, to split and join the half transform.
  private let splitCosines: [Double]
  private let splitSines: [Double]

  /// A spectrum: the values 0 to n/2 of a real timeline's transform.
  typealias Spectrum = (real: [Double], imaginary: [Double])

  /// A transform of at least `minimum` points.
  init(atLeast minimum: Int) {
    var count = 4
    while count < minimum { count <<= 1 }
    self.count = count
    let half = count / 2
    cosines = (0..<half / 2).map { Self.cosine(-2 * Double.pi * Double($0) / Double(half)) }
    sines = (0..<half / 2).map {
      Self.cosine(-2 * Double.pi * Double($0) / Double(half) - Double.pi / 2)
    }
    splitCosines = (0..<half).map { Self.cosine(-2 * Double.pi * Double($0) / Double(count)) }
    splitSines = (0..<half).map {
      Self.cosine(-2 * Double.pi * Double($0) / Double(count) - Double.pi / 2)
    }
  }

  /// The complex transform of n/2 points of `real` + i `imaginary` in place (`inverse`: the
  /// inverse, without the scale).
  private func transform(
    _ real: inout [Double], _ imaginary: inout [Double], inverse: Bool = false
  ) {
    let size = count / 2
    precondition(real.count == size && imaginary.count == size)
    real.withUnsafeMutableBufferPointer { re in
      imaginary.withUnsafeMutableBufferPointer { im in
        cosines.withUnsafeBufferPointer { cosines in
          sines.withUnsafeBufferPointer { sines in
            // Bit-reversal permutation.
            var j = 0
            for i in 1..<size {
              var bit = size >> 1
              while j & bit != 0 {
                j ^= bit
                bit >>= 1
              }
              j |= bit
              if i < j {
                re.swapAt(i, j)
                im.swapAt(i, j)
              }
            }
            var length = 2
            while length <= size {
              let half = length / 2
              let stride = size / length
              var start = 0
              while start < size {
                for k in 0..<half {
                  let c = cosines[k * stride]
                  let s = inverse ? -sines[k * stride] : sines[k * stride]
                  let a = start + k
                  let b = a + half
                  let tr = re[b] * c - im[b] * s
                  let ti = re[b] * s + im[b] * c
                  re[b] = re[a] - tr
                  im[b] = im[a] - ti
                  re[a] += tr
                  im[a] += ti
                }
                start += length
              }
              length <<= 1
            }
          }
        }
      }
    }
  }

  /// The spectrum of real values `b` (at most `count`), to correlate many timelines with.
  func spectrum(_ b: [Double]) -> Spectrum {
    precondition(b.count <= count)
    let half = count / 2
    // Even points as the real parts, odd points as the imaginary ones.
    var zr = [Double](repeating: 0, count: half)
    var zi = [Double](repeating: 0, count: half)
    for (index, value) in b.enumerated() {
      if index & 1 == 0 { zr[index >> 1] = value } else { zi[index >> 1] = value }
    }
    transform(&zr, &zi)
    var real = [Double](repeating: 0, count: half + 1)
    var imaginary = [Double](repeating: 0, count: half + 1)
    for k in 0...half {
      // Z[k] and conj(Z[n/2 - k]), with Z[n/2] = Z[0].
      let ar = zr[k % half]
      let ai = zi[k % half]
      let br = zr[(half - k) % half]
      let bi = -zi[(half - k) % half]
      // The transforms of the even and the odd points.
      let er = (ar + br) / 2
      let ei = (ai + bi) / 2
      let or = (ai - bi) / 2
      let oi = -(ar - br) / 2
      let c = k < half ? splitCosines[k] : -1
      let s = k < half ? splitSines[k] : 0
      real[k] = er + or * c - oi * s
      imaginary[k] = ei + or * s + oi * c
    }
    return (real, imaginary)
  }

  /// For each shift d from 0 to `count` - 1, Σ a[k] · b[(k + d) mod count]: how much `a`
  /// moved later by d overlaps `b`, given `b`'s `spectrum`. `a` holds at most `count` values.
  func correlation(_ a: [Double], with b: Spectrum) -> [Double] {
    let half = count / 2
    let (ar, ai) = spectrum(a)
    // P = conj(A) × B, the spectrum of the correlation.
    var pr = [Double](repeating: 0, count: half + 1)
    var pi = [Double](repeating: 0, count: half + 1)
    for k in 0...half {
      pr[k] = ar[k] * b.real[k] + ai[k] * b.imaginary[k]
      pi[k] = ar[k] * b.imaginary[k] - ai[k] * b.real[k]
    }
    // Joined into the half transform of the correlation's even (real) and odd (imaginary)
    // points, each scaled by 2 so the inverse of n/2 points gives n times the values.
    var zr = [Double](repeating: 0, count: half)
    var zi = [Double](repeating: 0, count: half)
    for k in 0..<half {
      // P[k] and conj(P[n/2 - k]).
      let xr = pr[k]
      let xi = pi[k]
      let yr = pr[half - k]
      let yi = -pi[half - k]
      let er = xr + yr
      let ei = xi + yi
      // (P[k] - conj(P[n/2 - k])) × e^(2πik/n)
      let dr = xr - yr
      let di = xi - yi
      let c = splitCosines[k]
      let s = -splitSines[k]
      let or = dr * c - di * s
      let oi = dr * s + di * c
      // E + iO
      zr[k] = er - oi
      zi[k] = ei + or
    }
    transform(&zr, &zi, inverse: true)
    let scale = 1 / Double(count)
    var result = [Double](repeating: 0, count: count)
    for n in 0..<half {
      result[2 * n] = zr[n] * scale
      result[2 * n + 1] = zi[n] * scale
    }
    return result
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
