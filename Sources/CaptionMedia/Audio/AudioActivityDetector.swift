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
/// level over a window centred on the frame, which stays under continuous speech and follows
/// a steady bed of noise; a bed that fluctuates (babble, music) raises every floor by how far
/// its dips reach under its usual level, less for a bed whose spectrum mostly holds still. A frame's score is how far its bands rise above their
/// floors, averaged over the bands and over a few neighbouring frames; it is active when the
/// score reaches `threshold`, the spectrum keeps changing (not a held note) and the frame is
/// not far under the loud level of the programme. Runs of active frames then go through
/// `ActivitySmoother` (minimum burst, look-back to where the rise began, hangover, gap
/// merging, minimum segment); a segment none of whose active frames comes near the loud
/// level (a talker in the background) is dropped. Memory stays bounded: only the floor
/// window of frame summaries is kept, never the audio.
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
  private var ringTotalSteps: [UInt16]
  /// Per band, the floor percentile and the spread percentile of its level.
  private var floorHistograms: [LevelHistogram]
  private var spreadHistograms: [LevelHistogram]
  /// Per band, the floor percentile over `followWindow`, when on: frames
  /// `scored - followHalf ... scored + followHalf`; `followAdded` is the next frame to add.
  private let followHalf: Int?
  private var followHistograms: [LevelHistogram]
  private var followAdded = 0
  /// The low and the loud percentile of the speech band's total level.
  private var totalLow: LevelHistogram
  private var totalLoud: LevelHistogram
  /// A low percentile of the spectral change: low for a bed that holds still (music).
  private var changeLow: LevelHistogram
  /// The score (mean rise above the floors) of the last `2 · smoothingHalf + 1` frames scored,
  /// and whether each passes the level, gate and spectral-change checks.
  private let smoothingHalf: Int
  private var scores: [Float]
  private var passesLevel: [Bool]
  private var passesChange: [Bool]
  private var nearLoud: [Bool]
  private var frames = 0
  /// Frames whose score is known, and frames handed to the smoother.
  private var scored = 0
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
    let followFrames = Int(
      options.followWindow.converted(to: Int32(rate)).value / Int64(hop))
    followHalf = followFrames > 0 ? min(floorHalf, followFrames / 2) : nil
    let smoothingFrames = Int(
      options.scoreSmoothing.converted(to: Int32(rate)).value / Int64(hop))
    smoothingHalf = max(0, min(50, smoothingFrames / 2))
    ringSize = 2 * floorHalf + 2 + smoothingHalf
    ringLevels = [Float](repeating: 0, count: ringSize * bands)
    ringSteps = [UInt16](repeating: 0, count: ringSize * bands)
    ringEnergy = [Double](repeating: 0, count: ringSize)
    ringTotal = [Float](repeating: 0, count: ringSize)
    ringFlux = [Float](repeating: 0, count: ringSize)
    ringTotalSteps = [UInt16](repeating: 0, count: ringSize)
    let floorFraction = Float(options.floorPercentile.isFinite ? options.floorPercentile : 0.05)
    let spreadFraction = Float(
      options.spreadPercentile.isFinite ? options.spreadPercentile : 0.2)
    floorHistograms = [LevelHistogram](
      repeating: LevelHistogram(fraction: floorFraction), count: bands)
    spreadHistograms = [LevelHistogram](
      repeating: LevelHistogram(fraction: spreadFraction), count: bands)
    followHistograms = [LevelHistogram](
      repeating: LevelHistogram(fraction: floorFraction), count: followHalf == nil ? 0 : bands)
    totalLow = LevelHistogram(fraction: floorFraction)
    totalLoud = LevelHistogram(fraction: AudioActivityDetector.loudFraction)
    changeLow = LevelHistogram(fraction: 0.2)
    let span = 2 * smoothingHalf + 1
    scores = [Float](repeating: 0, count: span)
    passesLevel = [Bool](repeating: false, count: span)
    passesChange = [Bool](repeating: false, count: span)
    nearLoud = [Bool](repeating: false, count: span)
    func frames(_ time: MediaTime) -> Int {
      // Clamped first, so that rounding cannot overflow.
      let samples = min(time.converted(to: Int32(rate)).value, Int64(Int32.max) * Int64(hop))
      return Int(max(0, min(Int64(Int32.max), (samples + Int64(hop) / 2) / Int64(hop))))
    }
    smoother = ActivitySmoother(
      minimumBurst: frames(options.minimumBurst), hangover: frames(options.hangover),
      mergeGap: frames(options.mergeGap), minimumSegment: frames(options.minimumSegment),
      lookBack: frames(options.lookBack))
  }

  /// The percentile of the speech band's level taken as the programme's loud level, for
  /// `speechGate`, `segmentGate` and `bedDepth`.
  static let loudFraction: Float = 0.95

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
    // Score and decide in step: only the scores of the frames around the one decided are kept.
    while decided < frames {
      if scored < frames { scoreNext() }
      if scored == frames || scored - 1 - decided >= smoothingHalf { decideNext() }
    }
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
            floorHistograms[b].add(step)
            spreadHistograms[b].add(step)
          }
        }
      }
    }
    ringEnergy[slot] = energy
    let change = spectralChange(total: total)
    ringFlux[slot] = frames == 0 ? 0 : change
    changeLow.add(LevelHistogram.step(ringFlux[slot]))
    swap(&logPower, &previousLogPower)
    let totalLevel = 10 * log10(total + 1e-14)
    let totalStep = LevelHistogram.step(totalLevel)
    ringTotal[slot] = totalLevel
    ringTotalSteps[slot] = totalStep
    totalLow.add(totalStep)
    totalLoud.add(totalStep)
    frames += 1
    if frames - 1 - scored >= floorHalf { scoreNext() }
    if scored - 1 - decided >= smoothingHalf { decideNext() }
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

  /// Scores frame `scored`, whose floor window `scored ± floorHalf` is in the histograms: the
  /// mean rise of its bands above their floors, and whether it passes the other checks.
  private mutating func scoreNext() {
    let bands = AudioActivityDetector.bandCount
    let old = scored - floorHalf - 1
    if old >= 0 {
      let oldSlot = old % ringSize
      for b in 0..<bands {
        floorHistograms[b].remove(ringSteps[oldSlot * bands + b])
        spreadHistograms[b].remove(ringSteps[oldSlot * bands + b])
      }
      totalLow.remove(ringTotalSteps[oldSlot])
      totalLoud.remove(ringTotalSteps[oldSlot])
      changeLow.remove(LevelHistogram.step(ringFlux[oldSlot]))
    }
    if let followHalf { moveFollowWindow(half: followHalf) }
    let slot = scored % ringSize
    let loud = totalLoud.percentile()
    let raise = floorRaise(loud: loud)
    var score: Float = 0
    for b in 0..<bands {
      var floor = floorHistograms[b].percentile() + raise
      if followHalf != nil { floor = max(floor, followHistograms[b].percentile()) }
      score += max(0, ringLevels[slot * bands + b] - floor)
    }
    let index = scored % scores.count
    scores[index] = score / Float(bands)
    let level = ringTotal[slot]
    passesLevel[index] =
      level >= Float(options.minimumLevel) && !(level < loud - Float(options.speechGate))
    passesChange[index] = ringFlux[slot] >= Float(options.spectralChange)
    nearLoud[index] = !(level < loud - Float(options.segmentGate))
    scored += 1
  }

  /// Moves the `followWindow` histograms to frames `scored ± half` (as far as analysed).
  private mutating func moveFollowWindow(half: Int) {
    let bands = AudioActivityDetector.bandCount
    let old = scored - half - 1
    if old >= 0 {
      let oldSlot = old % ringSize
      for b in 0..<bands { followHistograms[b].remove(ringSteps[oldSlot * bands + b]) }
    }
    while followAdded < frames && followAdded <= scored + half {
      let slot = followAdded % ringSize
      for b in 0..<bands { followHistograms[b].add(ringSteps[slot * bands + b]) }
      followAdded += 1
    }
  }

  /// How far a fluctuating bed raises the floors, in decibels: `spreadWeight` times the mean
  /// gap between the spread and floor percentiles beyond `spreadAllowance`, while the bed
  /// lies within `bedDepth` of the loud level.
  private mutating func floorRaise(loud: Float) -> Float {
    let weight = Float(options.spreadWeight)
    guard weight > 0 else { return 0 }
    let depth = loud - totalLow.percentile()
    let nearness = min(1, max(0, (Float(options.bedDepth) + 5 - depth) / 5))
    guard nearness > 0 else { return 0 }
    var spread: Float = 0
    for b in 0..<AudioActivityDetector.bandCount {
      spread += spreadHistograms[b].percentile() - floorHistograms[b].percentile()
    }
    spread /= Float(AudioActivityDetector.bandCount)
    // A bed whose spectrum changes less than 1 dB a frame a fifth of the time holds still.
    let share = Float(options.heldBedShare)
    let changing = min(1, max(0, changeLow.percentile() - 1))
    let bedShare = share + (1 - share) * changing
    return weight * max(0, spread - Float(options.spreadAllowance)) * nearness * bedShare
  }

  /// Decides frame `decided` from the mean score of the scored frames within `smoothingHalf`
  /// of it and hands it to the smoother.
  private mutating func decideNext() {
    let first = max(0, decided - smoothingHalf)
    let last = min(scored - 1, decided + smoothingHalf)
    var sum: Float = 0
    for frame in first...last { sum += scores[frame % scores.count] }
    let score = sum / Float(last - first + 1)
    let index = decided % scores.count
    let active =
      score >= Float(options.threshold) && passesLevel[index] && passesChange[index]
    let weak = !active && score >= Float(options.lookBackThreshold) && passesLevel[index]
    smoother.push(
      active: active, weak: weak, loud: nearLoud[index], energy: ringEnergy[decided % ringSize],
      samples: hop)
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
