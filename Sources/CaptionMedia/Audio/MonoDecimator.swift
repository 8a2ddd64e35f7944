#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Mono 16 kHz for the detector from decoded float audio of one or two channels at 16, 32 or
/// 48 kHz, the audio of nearly every video: the channels mixed as swresample mixes them
/// (each × √½ for stereo), a low-pass filter, and every second or third sample kept.
///
/// It stands in for swresample for these inputs only, which spends most of its time on a
/// general resampling filter the whole-number ratio does not need: over an hour of 48 kHz
/// stereo swresample took about 0.55 s of CPU time and this about a tenth of it. Other
/// audio (other rates, more channels, integer samples) still goes through swresample.
///
/// The filter is 8 taps per step of the ratio (24 for 48 kHz, like swresample's
/// `filter_size` 8), a windowed sinc cut at 97% of 8 kHz: flat over the speech band (300 to
/// 3400 Hz), and what would fold back into it (12.6 kHz and up from 48 kHz) is stopped. An
/// output sample is centred on the input sample it is taken at, so times are kept.
struct MonoDecimator {
  /// Input samples per output sample: 1, 2 or 3.
  let factor: Int
  let channels: Int
  let planar: Bool
  /// The filter, symmetric; empty for a factor of 1.
  private let taps: [Float]
  /// Mono input not yet consumed; its first sample is where the next output's filter starts.
  private var pending: [Float]
  private var pendingCount: Int
  /// Filtered output, handed out per call.
  private var output: [Float] = []
  /// Mono input samples seen, and output samples given.
  private var inputCount = 0
  private var outputCount = 0

  /// A decimator for frames of `format` (FFmpeg's sample format), `channels` and `rate`, or
  /// nil when they are not float, one or two channels at 16, 32 or 48 kHz.
  init?(format: Int32, channels: Int, rate: Int) {
    let planarFloat = format == SampleFormat.floatPlanar
    guard planarFloat || format == SampleFormat.float else { return nil }
    guard channels == 1 || channels == 2 else { return nil }
    guard rate % AudioActivityDetector.sampleRate == 0 else { return nil }
    let factor = rate / AudioActivityDetector.sampleRate
    guard (1...3).contains(factor) else { return nil }
    self.factor = factor
    self.channels = channels
    planar = planarFloat || channels == 1
    taps = factor == 1 ? [] : Self.lowPass(taps: 8 * factor, cutoff: 0.97 * 0.5 / Double(factor))
    // Zeros before the start, so the first output is centred on the first input sample.
    let lead = taps.count / 2
    pending = [Float](repeating: 0, count: lead + 8192)
    pendingCount = lead
  }

  /// A windowed-sinc low-pass filter of `taps` coefficients (even) cut at `cutoff` cycles a
  /// sample, with a Blackman-Nuttall window, scaled to a gain of 1 at 0 Hz.
  static func lowPass(taps: Int, cutoff: Double) -> [Float] {
    let centre = Double(taps - 1) / 2
    var values = (0..<taps).map { k -> Double in
      let x = Double(k) - centre
      let sinc = x == 0 ? 2 * cutoff : sin(2 * Double.pi * cutoff * x) / (Double.pi * x)
      let phase = 2 * Double.pi * Double(k) / Double(taps - 1)
      let window =
        0.3635819 - 0.4891775 * cos(phase) + 0.1365995 * cos(2 * phase) - 0.0106411
        * cos(3 * phase)
      return sinc * window
    }
    let sum = values.reduce(0, +)
    values = values.map { $0 / sum }
    return values.map { Float($0) }
  }

  /// Mixes and filters `count` samples of each plane (one pointer per channel for planar
  /// audio, one interleaved plane otherwise, valid during the call) and calls `body` with
  /// the mono 16 kHz samples that are ready.
  mutating func process(
    planes: UnsafeMutablePointer<UnsafePointer<UInt8>?>, count: Int,
    _ body: (UnsafeBufferPointer<Float>) -> Void
  ) {
    guard count > 0 else { return }
    var done = 0
    while done < count {
      let step = min(count - done, 8192)
      mix(planes: planes, from: done, count: step)
      done += step
      filter(body)
    }
  }

  /// Ends the input: the last outputs, whose filter reaches past the end, see zeros there.
  mutating func flush(_ body: (UnsafeBufferPointer<Float>) -> Void) {
    let needed = (inputCount + factor - 1) / factor
    guard outputCount < needed else { return }
    let padding = taps.count
    reserve(padding)
    pending.withUnsafeMutableBufferPointer { buffer in
      for index in pendingCount..<(pendingCount + padding) { buffer[index] = 0 }
    }
    pendingCount += padding
    filter(body, limit: needed - outputCount)
  }

  /// Appends `count` mono samples, from sample `start` of the planes, to `pending`.
  private mutating func mix(
    planes: UnsafeMutablePointer<UnsafePointer<UInt8>?>, from start: Int, count: Int
  ) {
    reserve(count)
    let channels = channels
    let planar = planar
    let at = pendingCount
    pending.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      let target = base + at
      guard let first = Self.floats(planes[0]) else { return }
      if channels == 1 {
        target.update(from: first + start, count: count)
      } else if planar {
        guard let second = Self.floats(planes[1]) else { return }
        let left = first + start
        let right = second + start
        for index in 0..<count { target[index] = (left[index] + right[index]) * 0.70710677 }
      } else {
        let pairs = first + 2 * start
        for index in 0..<count {
          target[index] = (pairs[2 * index] + pairs[2 * index + 1]) * 0.70710677
        }
      }
    }
    pendingCount += count
    inputCount += count
  }

  /// A plane's bytes read as float samples.
  private static func floats(_ plane: UnsafePointer<UInt8>?) -> UnsafePointer<Float>? {
    guard let plane else { return nil }
    return UnsafeRawPointer(plane).assumingMemoryBound(to: Float.self)
  }

  /// Room in `pending` for `count` more samples.
  private mutating func reserve(_ count: Int) {
    if pending.count < pendingCount + count {
      pending += [Float](repeating: 0, count: pendingCount + count - pending.count)
    }
  }

  /// Filters what `pending` holds into outputs (at most `limit`), hands them to `body`, and
  /// keeps the input the next outputs need.
  private mutating func filter(_ body: (UnsafeBufferPointer<Float>) -> Void, limit: Int = .max) {
    let width = max(taps.count, 1)
    guard pendingCount >= width else { return }
    let ready = min((pendingCount - width) / factor + 1, limit)
    guard ready > 0 else { return }
    if output.count < ready { output = [Float](repeating: 0, count: ready) }
    let factor = factor
    pending.withUnsafeBufferPointer { input in
      taps.withUnsafeBufferPointer { coefficients in
        output.withUnsafeMutableBufferPointer { out in
          guard let source = input.baseAddress, let target = out.baseAddress else { return }
          guard !coefficients.isEmpty, let h = coefficients.baseAddress else {
            target.update(from: source, count: ready)
            return
          }
          for index in 0..<ready {
            target[index] = Self.dot(source + index * factor, h, count: width)
          }
        }
      }
    }
    output.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<ready])) }
    outputCount += ready
    // Keep from the next output's first input sample on.
    let consumed = ready * factor
    let kept = pendingCount - consumed
    pending.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      base.update(from: base + consumed, count: kept)
    }
    pendingCount = kept
  }

  /// Σ a[k] · b[k] over `count` values (a multiple of 8 or fewer than 8).
  @inline(__always)
  private static func dot(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, count: Int)
    -> Float
  {
    var sum = SIMD8<Float>()
    var k = 0
    while k + 8 <= count {
      let x = UnsafeRawPointer(a + k).loadUnaligned(as: SIMD8<Float>.self)
      let y = UnsafeRawPointer(b + k).loadUnaligned(as: SIMD8<Float>.self)
      sum += x * y
      k += 8
    }
    var total = sum.sum()
    while k < count {
      total += a[k] * b[k]
      k += 1
    }
    return total
  }
}
