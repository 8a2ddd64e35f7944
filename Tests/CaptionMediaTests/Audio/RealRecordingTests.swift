import CaptionCore
import CaptionTestSupport
import Foundation
import Testing

@testable import CaptionMedia

/// The detector on real human recordings in noise: clips of Debian's `pocketsphinx-testdata`
/// (installed by `Scripts/install-deps`, read in place, never committed), placed with pauses
/// into a programme of about 30 s, clean and over seeded pink noise at 10 and 5 dB SNR. The
/// truth comes from each clean clip as the benchmark (`Scripts/vad-mix.py`) takes it: after a
/// 100 Hz high-pass, 30 ms frames every 10 ms are speech above max(clip peak - 40 dB, the
/// clip's 5th percentile + 10 dB), pauses under 200 ms bridged, runs under 50 ms dropped.
/// (The high-pass here is a second-order Butterworth run forward and backward: fourth order,
/// zero phase, as the benchmark's.)
@Suite(.enabled(if: RealRecordings.isInstalled, RealRecordings.skipComment))
struct RealRecordingTests {
  /// Two LibriVox readings (long stretches of continuous speech, where a floor that climbs
  /// onto the speech loses it) and two playing-card phrases.
  static let clips = [
    "librivox/sense_and_sensibility_01_austen_64kb-0870.wav", "cards/002.wav",
    "librivox/sense_and_sensibility_01_austen_64kb-0920.wav", "cards/005.wav",
  ]

  struct Score: CustomStringConvertible {
    var recall: Double
    var falseAlarm: Double
    var accuracy: Double
    var description: String {
      String(
        format: "accuracy %.1f%%, speech recall %.1f%%, false alarm %.1f%%", accuracy * 100,
        recall * 100, falseAlarm * 100)
    }
  }

  static func score(_ activity: AudioActivity, truth: [Bool]) -> Score {
    var detected = [Bool](repeating: false, count: truth.count)
    for segment in activity.segments {
      // A 10 ms cell is speech when its centre lies in a segment.
      let first = max(0, Int((segment.start.seconds * 100 - 0.5).rounded(.up)))
      let last = min(truth.count, Int((segment.end.seconds * 100 - 0.5).rounded(.up)))
      if first < last { for cell in first..<last { detected[cell] = true } }
    }
    let speech = truth.filter { $0 }.count
    let found = zip(detected, truth).filter { $0 && $1 }.count
    let wrong = zip(detected, truth).filter { $0 && !$1 }.count
    let same = zip(detected, truth).filter { $0 == $1 }.count
    return Score(
      recall: Double(found) / Double(max(1, speech)),
      falseAlarm: Double(wrong) / Double(max(1, truth.count - speech)),
      accuracy: Double(same) / Double(max(1, truth.count)))
  }

  static func detect(_ samples: [Float]) -> AudioActivity {
    var detector = AudioActivityDetector()
    var start = 0
    while start < samples.count {
      let end = min(samples.count, start + 4096)
      detector.process(Array(samples[start..<end]))
      start = end
    }
    return detector.finish()
  }

  @Test func theMaterialIsWhatTheTestsSayItIs() throws {
    let programme = try RealRecordings.programme(Self.clips, seed: 25)
    let seconds = Double(programme.samples.count) / Double(AudioActivityDetector.sampleRate)
    #expect((20...45).contains(seconds), "\(seconds) s")
    let share = Double(programme.truth.filter { $0 }.count) / Double(programme.truth.count)
    // Read speech with pauses between the clips: most of the programme, not all of it.
    #expect((0.4...0.85).contains(share), "speech is \(share * 100)% of the programme")
    let noise = RealRecordings.pinkNoise(count: programme.samples.count, seed: 3)
    let mixed = RealRecordings.mix(programme, noise: noise, snr: 10)
    #expect(abs(RealRecordings.snr(programme, mixed: mixed) - 10) < 0.05)
  }

  @Test(arguments: [
    // (SNR in dB, or nil for none; least recall; most false alarm; least accuracy)
    (Double?.none, 0.95, 0.08, 0.95),
    (10.0, 0.90, 0.05, 0.93),
    (5.0, 0.82, 0.05, 0.89),
  ])
  func findsTheSpeechOfRealRecordingsInPinkNoise(
    snr: Double?, recall: Double, falseAlarm: Double, accuracy: Double
  ) throws {
    let programme = try RealRecordings.programme(Self.clips, seed: 25)
    var samples = programme.samples
    if let snr {
      let noise = RealRecordings.pinkNoise(count: samples.count, seed: 3)
      samples = RealRecordings.mix(programme, noise: noise, snr: snr)
    }
    let score = Self.score(Self.detect(samples), truth: programme.truth)
    print("real recordings, \(snr.map { "pink noise \(Int($0)) dB" } ?? "no bed"): \(score)")
    #expect(score.recall >= recall, "\(score)")
    #expect(score.falseAlarm <= falseAlarm, "\(score)")
    #expect(score.accuracy >= accuracy, "\(score)")
  }
}

/// Reading and mixing the recordings of `pocketsphinx-testdata`.
enum RealRecordings {
  static let folder = "/usr/share/pocketsphinx/test/data"
  static var isInstalled: Bool { FileManager.default.fileExists(atPath: folder + "/librivox") }
  static let skipComment = Comment(
    rawValue: "real-recording speech tests not run: install Debian's pocketsphinx-testdata "
      + "(Scripts/install-deps does)")

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static let rate = AudioActivityDetector.sampleRate
  static let cell = rate / 100

  /// A 16 kHz mono 16-bit clip of the package (`.wav`, or headerless little-endian `.raw`).
  static func clip(_ name: String) throws -> [Float] {
    let path = folder + "/" + name
    if name.hasSuffix(".wav") {
      let read = try readMonoWAV(path)
      guard read.rate == rate else { throw Failure(description: "\(name) is not 16 kHz") }
      return read.samples
    }
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    return stride(from: 0, to: bytes.count - 1, by: 2).map {
      Float(Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)) / 32768
    }
  }

  /// A second-order Butterworth high-pass at `cutoff` hertz, run forward and backward.
  static func highPass(_ samples: [Float], cutoff: Double = 100) -> [Float] {
    let omega = 2 * Double.pi * cutoff / Double(rate)
    let q = 0.5.squareRoot()  // Butterworth
    let alpha = sin(omega) / (2 * q)
    let cosine = cos(omega)
    let a0 = 1 + alpha
    let b = [(1 + cosine) / 2 / a0, -(1 + cosine) / a0, (1 + cosine) / 2 / a0]
    let a = [-2 * cosine / a0, (1 - alpha) / a0]
    func run(_ input: [Double]) -> [Double] {
      var output = [Double](repeating: 0, count: input.count)
      var (x1, x2, y1, y2) = (0.0, 0.0, 0.0, 0.0)
      for index in input.indices {
        let x = input[index]
        let y = b[0] * x + b[1] * x1 + b[2] * x2 - a[0] * y1 - a[1] * y2
        (x2, x1, y2, y1) = (x1, x, y1, y)
        output[index] = y
      }
      return output
    }
    let forward = run(samples.map(Double.init))
    return run(forward.reversed()).reversed().map { Float($0) }
  }

  /// A clean clip's truth, one decision a 10 ms cell.
  static func truth(_ samples: [Float]) -> [Bool] {
    let filtered = highPass(samples)
    let cells = samples.count / cell
    let levels = (0..<cells).map { index -> Double in
      // The 30 ms frame centred on the cell.
      let centre = index * cell + cell / 2
      let range = max(0, centre - 240)..<min(filtered.count, centre + 240)
      let power = range.reduce(0.0) { $0 + Double(filtered[$1]) * Double(filtered[$1]) }
      return 10 * log10(power / Double(max(1, range.count)) + 1e-12)
    }
    guard let peak = levels.max() else { return [] }
    let sorted = levels.sorted()
    let low = sorted[Int(Double(sorted.count - 1) * 0.05)]
    let threshold = max(peak - 40, low + 10)
    var speech = levels.map { $0 > threshold }
    // Pauses under 200 ms between speech are bridged, then runs under 50 ms dropped.
    func runs(of value: Bool) -> [Range<Int>] {
      var found: [Range<Int>] = []
      var start: Int?
      for index in 0...speech.count {
        let matches = index < speech.count && speech[index] == value
        if matches, start == nil { start = index }
        if !matches, let begun = start {
          found.append(begun..<index)
          start = nil
        }
      }
      return found
    }
    for pause in runs(of: false)
    where pause.count < 20 && pause.lowerBound > 0 && pause.upperBound < speech.count {
      for index in pause { speech[index] = true }
    }
    for run in runs(of: true) where run.count < 5 {
      for index in run { speech[index] = false }
    }
    return speech
  }

  /// The clips in order with seeded pauses of 0.5 to 4 s (before the first and after the
  /// last too), and the truth of the whole.
  static func programme(_ names: [String], seed: UInt64) throws -> (
    samples: [Float], truth: [Bool]
  ) {
    var generator = SeededGenerator(seed: seed)
    func pause() -> [Float] {
      [Float](repeating: 0, count: Int.random(in: 50...400, using: &generator) * cell)
    }
    var samples = pause()
    var truth = [Bool](repeating: false, count: samples.count / cell)
    for name in names {
      var clip = try clip(name)
      clip = Array(clip.prefix(clip.count / cell * cell))
      samples += clip
      truth += Self.truth(clip)
      let gap = pause()
      samples += gap
      truth += [Bool](repeating: false, count: gap.count / cell)
    }
    return (samples, truth)
  }

  /// Seeded pink noise (1/f power), from white noise through Paul Kellet's filter.
  static func pinkNoise(count: Int, seed: UInt64) -> [Float] {
    var generator = SeededGenerator(seed: seed)
    var (b0, b1, b2, b3, b4, b5, b6) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    return (0..<count).map { _ in
      let white = Double.random(in: -1...1, using: &generator)
      b0 = 0.99886 * b0 + white * 0.0555179
      b1 = 0.99332 * b1 + white * 0.0750759
      b2 = 0.96900 * b2 + white * 0.1538520
      b3 = 0.86650 * b3 + white * 0.3104856
      b4 = 0.55000 * b4 + white * 0.5329522
      b5 = -0.7616 * b5 - white * 0.0168980
      let pink = b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362
      b6 = white * 0.115926
      return Float(pink)
    }
  }

  /// The power of the programme over its speech cells (its active level).
  static func speechPower(_ samples: [Float], truth: [Bool]) -> Double {
    var total = 0.0
    var count = 0
    for (index, isSpeech) in truth.enumerated() where isSpeech {
      for sample in samples[index * cell..<(index + 1) * cell] {
        total += Double(sample) * Double(sample)
      }
      count += cell
    }
    return total / Double(max(1, count))
  }

  static func power(_ samples: [Float]) -> Double {
    samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, samples.count))
  }

  /// The programme over `noise` scaled to `snr` dB under its active level.
  static func mix(_ programme: (samples: [Float], truth: [Bool]), noise: [Float], snr: Double)
    -> [Float]
  {
    let gain =
      (speechPower(programme.samples, truth: programme.truth) / power(noise)
      / pow(10, snr / 10)).squareRoot()
    return zip(programme.samples, noise).map { $0 + Float(gain) * $1 }
  }

  /// The SNR of a mix, from the mix less the programme.
  static func snr(_ programme: (samples: [Float], truth: [Bool]), mixed: [Float]) -> Double {
    let bed = zip(mixed, programme.samples).map { $0 - $1 }
    return 10 * log10(speechPower(programme.samples, truth: programme.truth) / power(bed))
  }
}
