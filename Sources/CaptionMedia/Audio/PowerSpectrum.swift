#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    let n = Double(size)
    // The twiddles of each stage, one after the other: the stage of span s (1, 2, 4, ...)
    // starts at index s - 1 and holds e^(-iπj/s) for j in 0 ..< s, so its inner loop reads
    // them in order.
    var stageCos: [Float] = []
    var stageSin: [Float] = []
    var span = 1
    while span < size / 2 {
      for j in 0..<span {
        let angle = Double.pi * Double(j) / Double(span)
        stageCos.append(Float(cos(angle)))
        stageSin.append(Float(-sin(angle)))
      }
      span *= 2
    }
    cosines = stageCos
    sines = stageSin
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
            // Even samples to the real part, odd to the imaginary, in natural order: the
            // transform runs by decimation in frequency, so its output is in bit-reversed
            // order and only the bins wanted are looked up through `bitReverse`.
            for n in 0..<half {
              re[n] = frame[2 * n] * w[2 * n]
              im[n] = frame[2 * n + 1] * w[2 * n + 1]
            }
            cosines.withUnsafeBufferPointer { c in
              sines.withUnsafeBufferPointer { s in
                guard let reBase = re.baseAddress, let imBase = im.baseAddress,
                  let cBase = c.baseAddress, let sBase = s.baseAddress
                else { return }
                var span = half / 2
                while span >= 2 {
                  let wr = cBase + (span - 1)
                  let wi = sBase + (span - 1)
                  var start = 0
                  while start < half {
                    let ar = reBase + start
                    let ai = imBase + start
                    let br = reBase + start + span
                    let bi = imBase + start + span
                    if span >= 4 {
                      // Four butterflies at a time (spans are powers of two).
                      var j = 0
                      while j < span {
                        let xr = load4(ar + j)
                        let xi = load4(ai + j)
                        let yr = load4(br + j)
                        let yi = load4(bi + j)
                        let cr = load4(wr + j)
                        let ci = load4(wi + j)
                        let dr = xr - yr
                        let di = xi - yi
                        store4(xr + yr, ar + j)
                        store4(xi + yi, ai + j)
                        store4(dr * cr - di * ci, br + j)
                        store4(dr * ci + di * cr, bi + j)
                        j += 4
                      }
                    } else {
                      for j in 0..<span {
                        let dr = ar[j] - br[j]
                        let di = ai[j] - bi[j]
                        ar[j] += br[j]
                        ai[j] += bi[j]
                        br[j] = dr * wr[j] - di * wi[j]
                        bi[j] = dr * wi[j] + di * wr[j]
                      }
                    }
                    start += span * 2
                  }
                  span /= 2
                }
              }
            }
            // The last stage: twiddle 1.
            var pair = 0
            while pair < half {
              let ar = re[pair]
              let ai = im[pair]
              let br = re[pair + 1]
              let bi = im[pair + 1]
              re[pair] = ar + br
              im[pair] = ai + bi
              re[pair + 1] = ar - br
              im[pair + 1] = ai - bi
              pair += 2
            }
            splitCos.withUnsafeBufferPointer { sc in
              splitSin.withUnsafeBufferPointer { ss in
                let scale = self.scale
                for k in bins {
                  let a = k == half ? 0 : k
                  let b = k == 0 ? 0 : half - k
                  let ka = Int(rev[a])
                  let kb = Int(rev[b % half])
                  let zr = re[ka]
                  let zi = im[ka]
                  let yr = re[kb]
                  let yi = -im[kb]
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

@inline(__always)
private func load4(_ pointer: UnsafeMutablePointer<Float>) -> SIMD4<Float> {
  UnsafeRawPointer(pointer).loadUnaligned(as: SIMD4<Float>.self)
}

@inline(__always)
private func store4(_ value: SIMD4<Float>, _ pointer: UnsafeMutablePointer<Float>) {
  UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: SIMD4<Float>.self)
}

@inline(__always)
private func load4(_ pointer: UnsafePointer<Float>) -> SIMD4<Float> {
  UnsafeRawPointer(pointer).loadUnaligned(as: SIMD4<Float>.self)
}
