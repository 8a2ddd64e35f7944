public import CaptionCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds speech-like activity in mono audio at 16 kHz, fed in chunks of any size.
///
/// Each frame (32 ms of audio every `frameStep`) is split into eight bands spread over the
/// speech band on a log scale. Each band has its own noise floor: a low percentile of its
/// level over a window centred on the frame, so the floor follows a bed of music or noise
/// and the pauses of speech keep it under the speech. A frame is active when its bands rise,
/// on average, `threshold` decibels above their floors; runs of active frames then go through
/// `ActivitySmoother` (minimum burst, hangover, gap merging, minimum segment). Memory stays
/// bounded: only the floor window of frame summaries is kept, never the audio.
public struct AudioActivityDetector: Sendable {
  /// The sample rate the detector expects, in hertz.
  public static let sampleRate = 16_000
  static let bandCount = 8

  public let options: AudioActivityOptions
  private let windowSize = 512
  private let hop: Int
  private var spectrum: PowerSpectrum
  private let bins: Range<Int>
  /// Band `b` covers power indices `bandEdges[b] ..< bandEdges[b + 1]`.
  private let bandEdges: [Int]
  private var power: [Float]
  private var logPower: [Float]
  private var previousLogPower: [Float]
  private var window: [Float]
  private var filled: Int
  private var totalSamples = 0

  private let floorHalf: Int
  private let ringSize: Int
  private var ringLevels: [Float]
  private var ringSteps: [UInt16]
  private var ringEnergy: [Double]
  private var ringTotal: [Float]
  private var ringFlux: [Float]
  private var histograms: [LevelHistogram]
  private var frames = 0
  private var decided = 0
  private var smoother: ActivitySmoother
  private var segments: [AudioActivity.Segment] = []

  public init(options: AudioActivityOptions = AudioActivityOptions()) {
    self.options = options
    let rate = AudioActivityDetector.sampleRate
    let stepSamples = Int(options.frameStep.converted(to: Int32(rate)).value)
    let hop = min(512, max(80, stepSamples))
    self.hop = hop
    spectrum = PowerSpectrum(size: windowSize)
    let binWidth = Double(rate) / Double(windowSize)
    let nyquist = Double(rate) / 2
    let requestedLow = options.lowFrequency.isFinite ? options.lowFrequency : 300
    let requestedHigh = options.highFrequency.isFinite ? options.highFrequency : 3400
    let low = min(max(requestedLow, binWidth), nyquist - 8 * binWidth)
    let high = min(max(requestedHigh, low + 8 * binWidth), nyquist)
    let firstBin = Int((low / binWidth).rounded())
    let lastBin = Int((high / binWidth).rounded())
    bins = firstBin..<(lastBin + 1)
    var edges: [Int] = []
    let bands = AudioActivityDetector.bandCount
    for b in 0...bands {
      let hz = low * pow(high / low, Double(b) / Double(bands))
      var edge = Int((hz / binWidth).rounded()) - firstBin
      if b == bands { edge = lastBin + 1 - firstBin }
      if let previous = edges.last { edge = max(edge, previous + 1) }
      edges.append(edge)
    }
    bandEdges = edges
    power = [Float](repeating: 0, count: bins.count)
    logPower = [Float](repeating: 0, count: bins.count)
    previousLogPower = [Float](repeating: 0, count: bins.count)
    window = [Float](repeating: 0, count: windowSize)
    // Pad the start so that frame i is centred on samples i·hop ..< (i+1)·hop.
    filled = (windowSize - hop) / 2

    let floorFrames = Int(
      options.floorWindow.converted(to: Int32(rate)).value / Int64(hop))
    floorHalf = max(1, min(100_000, floorFrames / 2))
    ringSize = 2 * floorHalf + 2
    ringLevels = [Float](repeating: 0, count: ringSize * bands)
    ringSteps = [UInt16](repeating: 0, count: ringSize * bands)
    ringEnergy = [Double](repeating: 0, count: ringSize)
    ringTotal = [Float](repeating: 0, count: ringSize)
    ringFlux = [Float](repeating: 0, count: ringSize)
    histograms = [LevelHistogram](
      repeating: LevelHistogram(fraction: Float(options.floorPercentile)), count: bands)
    func frames(_ time: MediaTime) -> Int {
      let samples = time.converted(to: Int32(rate)).value
      return Int(max(0, min(Int64(Int32.max), (samples + Int64(hop) / 2) / Int64(hop))))
    }
    smoother = ActivitySmoother(
      minimumBurst: frames(options.minimumBurst), hangover: frames(options.hangover),
      mergeGap: frames(options.mergeGap), minimumSegment: frames(options.minimumSegment))
  }

  /// Analyses the next samples (mono, 16 kHz, full scale ±1).
  public mutating func process(_ samples: [Float]) {
    samples.withUnsafeBufferPointer { process($0) }
  }

  /// Analyses the next samples (mono, 16 kHz, full scale ±1).
  mutating func process(_ samples: UnsafeBufferPointer<Float>) {
    totalSamples += samples.count
    var offset = 0
    while offset < samples.count {
      let count = min(samples.count - offset, windowSize - filled)
      window.withUnsafeMutableBufferPointer { w in
        guard let target = w.baseAddress, let source = samples.baseAddress else { return }
        (target + filled).update(from: source + offset, count: count)
      }
      filled += count
      offset += count
      if filled == windowSize {
        analyzeFrame()
        window.withUnsafeMutableBufferPointer { w in
          guard let base = w.baseAddress else { return }
          base.update(from: base + hop, count: windowSize - hop)
        }
        filled = windowSize - hop
      }
    }
  }

  /// Analyses what is left and returns the activity of all the audio fed so far. Call it
  /// once; more audio needs a new detector.
  public mutating func finish() -> AudioActivity {
    let needed = (totalSamples + hop - 1) / hop
    let padding = [Float](repeating: 0, count: hop)
    let samples = totalSamples
    while frames < needed {
      padding.withUnsafeBufferPointer { process($0) }
    }
    totalSamples = samples
    while decided < frames { decideNext() }
    smoother.finish(frames: frames)
    collect()
    let rate = Int32(AudioActivityDetector.sampleRate)
    return AudioActivity(
      segments: segments, duration: MediaTime(value: Int64(totalSamples), timescale: rate))
  }

  private mutating func analyzeFrame() {
    let bands = AudioActivityDetector.bandCount
    let slot = frames % ringSize
    var energy = 0.0
    window.withUnsafeBufferPointer { w in
      let start = (windowSize - hop) / 2
      var sum: Float = 0
      for i in start..<(start + hop) { sum += w[i] * w[i] }
      energy = Double(sum)
      power.withUnsafeMutableBufferPointer { p in
        guard let out = p.baseAddress else { return }
        spectrum.compute(w, bins: bins, into: out)
      }
    }
    var total: Float = 0
    power.withUnsafeBufferPointer { p in
      ringLevels.withUnsafeMutableBufferPointer { levels in
        ringSteps.withUnsafeMutableBufferPointer { steps in
          for b in 0..<bands {
            var sum: Float = 0
            for k in bandEdges[b]..<bandEdges[b + 1] { sum += p[k] }
            total += sum
            let level = 10 * log10(sum + 1e-14)
            let step = LevelHistogram.step(level)
            levels[slot * bands + b] = level
            steps[slot * bands + b] = step
            histograms[b].add(step)
          }
        }
      }
    }
    ringEnergy[slot] = energy
    let change = spectralChange(total: total)
    ringFlux[slot] = frames == 0 ? 0 : change
    swap(&logPower, &previousLogPower)
    ringTotal[slot] = 10 * log10(total + 1e-14)
    frames += 1
    if frames - 1 - decided >= floorHalf { decideNext() }
  }

  /// The mean change of the speech band's spectrum since the previous frame, in decibels per
  /// bin weighted by each bin's share of the power: low for held notes and chords, high for
  /// speech (moving formants and pitch) and for noise.
  private mutating func spectralChange(total: Float) -> Float {
    var change: Float = 0
    power.withUnsafeBufferPointer { p in
      logPower.withUnsafeMutableBufferPointer { current in
        previousLogPower.withUnsafeBufferPointer { previous in
          for k in 0..<p.count {
            let level = FastLog.decibels(p[k] + 1e-12)
            current[k] = level
            change += p[k] * abs(level - previous[k])
          }
        }
      }
    }
    return change / (total + 1e-14)
  }

  /// Decides frame `decided`, whose floor window `decided ± floorHalf` is in the histograms.
  private mutating func decideNext() {
    let bands = AudioActivityDetector.bandCount
    let old = decided - floorHalf - 1
    if old >= 0 {
      let oldSlot = old % ringSize
      for b in 0..<bands { histograms[b].remove(ringSteps[oldSlot * bands + b]) }
    }
    let slot = decided % ringSize
    var score: Float = 0
    for b in 0..<bands {
      let floor = histograms[b].percentile()
      score += max(0, ringLevels[slot * bands + b] - floor)
    }
    score /= Float(bands)
    let active =
      score >= Float(options.threshold) && ringFlux[slot] >= Float(options.spectralChange)
      && ringTotal[slot] >= Float(options.minimumLevel)
    smoother.push(active: active, energy: ringEnergy[slot], samples: hop)
    decided += 1
    collect()
  }

  private mutating func collect() {
    let spans = smoother.take()
    guard !spans.isEmpty else { return }
    let rate = Int32(AudioActivityDetector.sampleRate)
    for span in spans {
      let end = min(span.end * hop, max(totalSamples, span.start * hop))
      let meanSquare = span.samples > 0 ? span.energy / Double(span.samples) : 0
      segments.append(
        AudioActivity.Segment(
          start: MediaTime(value: Int64(span.start * hop), timescale: rate),
          end: MediaTime(value: Int64(end), timescale: rate),
          level: meanSquare > 0 ? 10 * log10(meanSquare) : -.infinity))
    }
  }
}
