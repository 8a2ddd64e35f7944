import Foundation

/// The power spectrum of a real frame of `size` samples (a power of two), windowed with a Hann
/// window: a radix-2 FFT of `size / 2` complex points, split into the real transform.
struct PowerSpectrum {
  let size: Int
  private let half: Int
  private var window: [Float]
  private var bitReverse: [Int32]
  private var cosines: [Float]
  private var sines: [Float]
  private var splitCos: [Float]
  private var splitSin: [Float]
  private var real: [Float]
  private var imaginary: [Float]
  /// `2 / (size * Σ w²)`: makes a bin's power the mean square it carries.
  let scale: Float

  init(size: Int) {
    precondition(size >= 8 && size & (size - 1) == 0, "size must be a power of two")
    self.size = size
    half = size / 2
    window = (0..<size).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(size))) }
    let sumSquares = window.reduce(Float(0)) { $0 + $1 * $1 }
    scale = 2 / (Float(size) * sumSquares)
    var bits = 0
    while 1 << bits < size / 2 { bits += 1 }
    let count = size / 2
    bitReverse = (0..<count).map { index in
      var reversed = 0
      for bit in 0..<bits where index & (1 << bit) != 0 { reversed |= 1 << (bits - 1 - bit) }
      return Int32(reversed)
    }
    let m = Double(size / 2)
    let n = Double(size)
    cosines = (0..<size / 4).map { Float(cos(2 * Double.pi * Double($0) / m)) }
    sines = (0..<size / 4).map { Float(-sin(2 * Double.pi * Double($0) / m)) }
    splitCos = (0...size / 2).map { Float(cos(2 * Double.pi * Double($0) / n)) }
    splitSin = (0...size / 2).map { Float(-sin(2 * Double.pi * Double($0) / n)) }
    real = [Float](repeating: 0, count: size / 2)
    imaginary = [Float](repeating: 0, count: size / 2)
  }

  /// Writes `|X[k]|² · scale` for `k` in `bins` into `power[k - bins.lowerBound]`.
  mutating func compute(
    _ frame: UnsafeBufferPointer<Float>, bins: Range<Int>, into power: UnsafeMutablePointer<Float>
  ) {
    let half = self.half
    window.withUnsafeBufferPointer { w in
      bitReverse.withUnsafeBufferPointer { rev in
        real.withUnsafeMutableBufferPointer { re in
          imaginary.withUnsafeMutableBufferPointer { im in
            // Even samples to the real part, odd to the imaginary, in bit-reversed order.
            for n in 0..<half {
              let target = Int(rev[n])
              re[target] = frame[2 * n] * w[2 * n]
              im[target] = frame[2 * n + 1] * w[2 * n + 1]
            }
            cosines.withUnsafeBufferPointer { c in
              sines.withUnsafeBufferPointer { s in
                var span = 1
                var stride = half / 2
                while span < half {
                  var start = 0
                  while start < half {
                    var t = 0
                    for j in start..<(start + span) {
                      let wr = c[t]
                      let wi = s[t]
                      let k = j + span
                      let xr = re[k] * wr - im[k] * wi
                      let xi = re[k] * wi + im[k] * wr
                      re[k] = re[j] - xr
                      im[k] = im[j] - xi
                      re[j] += xr
                      im[j] += xi
                      t += stride
                    }
                    start += span * 2
                  }
                  span *= 2
                  stride /= 2
                }
              }
            }
            splitCos.withUnsafeBufferPointer { sc in
              splitSin.withUnsafeBufferPointer { ss in
                let scale = self.scale
                for k in bins {
                  let a = k == half ? 0 : k
                  let b = k == 0 ? 0 : half - k
                  let zr = re[a]
                  let zi = im[a]
                  let yr = re[b % half]
                  let yi = -im[b % half]
                  // Even part (Z[k] + conj Z[M-k]) / 2, odd part (Z[k] - conj Z[M-k]) / 2i.
                  let er = (zr + yr) * 0.5
                  let ei = (zi + yi) * 0.5
                  let dr = (zr - yr) * 0.5
                  let di = (zi - yi) * 0.5
                  let orr = di
                  let oi = -dr
                  let tr = orr * sc[k] - oi * ss[k]
                  let ti = orr * ss[k] + oi * sc[k]
                  let xr = er + tr
                  let xi = ei + ti
                  power[k - bins.lowerBound] = (xr * xr + xi * xi) * scale
                }
              }
            }
          }
        }
      }
    }
  }
}
