import CaptionCore
import Foundation
import Testing

@testable import CaptionMedia

@Suite struct AudioActivityDetectorTests {
  static let rate = AudioActivityDetector.sampleRate

  func detect(_ samples: [Float], chunk: Int = 4096) -> AudioActivity {
    var detector = AudioActivityDetector()
    var start = 0
    while start < samples.count {
      let end = min(samples.count, start + chunk)
      detector.process(Array(samples[start..<end]))
      start = end
    }
    return detector.finish()
  }

  /// Deterministic white noise in -amplitude ... amplitude.
  func noise(seconds: Double, amplitude: Float, seed: UInt64) -> [Float] {
    var state = seed
    return (0..<Int(seconds * Double(Self.rate))).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (Float(state >> 40) / Float(1 << 24) * 2 - 1) * amplitude
    }
  }

  /// The frame-level agreement with the spoken times, for each bed and SNR, through the real
  /// path: the mix as stereo AAC at 48 kHz in MP4, decoded, resampled to mono 16 kHz, detected.
  @Test(arguments: SpeechFixtures.beds)
  func agreesWithTheSpokenTimes(bed: String) throws {
    var figures: [String] = []
    var atTen = 0.0
    for snr in SpeechFixtures.snrs {
      let path = try MediaFixtures.media(
        "\(bed)-\(snr)db-accuracy.mp4",
        ["-i", SpeechFixtures.mix(bed, snr: snr), "-c:a", "aac", "-ar", "48000", "-ac", "2"])
      let activity = try AudioActivityAnalyzer.analyze(path: path)
      let agreement = SpeechFixtures.agreement(
        activity.segments, truth: try SpeechFixtures.truth(bed),
        duration: activity.duration.seconds)
      if snr == 10 { atTen = agreement }
      figures.append("\(snr) dB \(String(format: "%.1f", agreement * 100))%")
    }
    print("speech over \(bed), frame agreement: " + figures.joined(separator: ", "))
    // Babble is speech-like by design: held to a lower bar than music and noise.
    let required = bed == "babble" ? 0.85 : 0.9
    #expect(atTen >= required, "agreement over \(bed) at 10 dB SNR")
  }

  @Test func silenceHasNoActivity() {
    let activity = detect([Float](repeating: 0, count: 10 * Self.rate))
    #expect(activity.segments.isEmpty)
    #expect(activity.duration == MediaTime(value: 160_000, timescale: 16_000))
  }

  @Test func rhythmicMusicWithoutSpeechHasNoActivity() {
    // Eighth notes of a melody decaying after each onset, over pulsed chords and quiet noise.
    let hum = noise(seconds: 20, amplitude: 0.01, seed: 9)
    let melody: [Float] = [523.3, 659.3, 784.0, 880.0, 784.0, 659.3, 587.3, 1046.5]
    let music = hum.indices.map { i -> Float in
      let t = Float(i) / Float(Self.rate)
      let eighth = Int(t * 4)
      let note = melody[eighth % melody.count]
      let sinceNote = t - Float(eighth) / 4
      let sinceBeat = t - Float(Int(t))
      let chord = sin(2 * .pi * 261.6 * t) + sin(2 * .pi * 329.6 * t) + sin(2 * .pi * 392 * t)
      return hum[i] + 0.2 * sin(2 * .pi * note * t) * exp(-6 * sinceNote)
        + 0.1 * chord * (0.35 + 0.65 * exp(-4 * sinceBeat))
    }
    #expect(detect(music).segments.isEmpty)
    // Energy alone takes the notes for speech: the spectral change is what keeps them out.
    var options = AudioActivityOptions()
    options.spectralChange = 0
    var energyOnly = AudioActivityDetector(options: options)
    energyOnly.process(music)
    #expect(!energyOnly.finish().segments.isEmpty)
  }

  @Test func findsBurstsOfNoiseWithTheirTimesAndLevel() throws {
    // Three one-second bursts of noise at -20 dBFS RMS over quiet noise at -60 dBFS.
    var samples = noise(seconds: 12, amplitude: 0.001 * Float(3).squareRoot(), seed: 1)
    let burst = noise(seconds: 1, amplitude: 0.1 * Float(3).squareRoot(), seed: 2)
    for start in [2, 6, 9] {
      for (i, x) in burst.enumerated() { samples[start * Self.rate + i] += x }
    }
    let segments = detect(samples).segments
    try #require(segments.count == 3)
    for (segment, start) in zip(segments, [2.0, 6.0, 9.0]) {
      #expect(abs(segment.start.seconds - start) <= 0.03)
      #expect(abs(segment.end.seconds - (start + 1)) <= 0.2)
      #expect(abs(segment.level - -20) < 0.5)
    }
  }

  @Test func aBurstFarUnderTheLoudOnesIsDropped() throws {
    // Bursts of noise at -20 dBFS RMS at 2 and 9 s, one at -35 dBFS at 6 s, over -60 dBFS.
    var samples = noise(seconds: 12, amplitude: 0.001 * Float(3).squareRoot(), seed: 1)
    for (start, amplitude) in [(2, Float(0.1)), (6, 0.1 * Float(0.03).squareRoot()), (9, 0.1)] {
      let burst = noise(seconds: 1, amplitude: amplitude * Float(3).squareRoot(), seed: 2)
      for (i, x) in burst.enumerated() { samples[start * Self.rate + i] += x }
    }
    let starts = detect(samples).segments.map { ($0.start.seconds * 10).rounded() / 10 }
    #expect(starts == [2, 9])
    // Without the gate on a segment's loudest frame, the quiet burst is found too.
    var options = AudioActivityOptions()
    options.segmentGate = .infinity
    var ungated = AudioActivityDetector(options: options)
    ungated.process(samples)
    #expect(ungated.finish().segments.map { ($0.start.seconds * 10).rounded() / 10 } == [2, 6, 9])
  }

  @Test func aQuieterLineNearTheLoudOnesIsKept() throws {
    // The burst at 6 s 9 dB under the others (a line spoken more softly): inside the gate.
    var samples = noise(seconds: 12, amplitude: 0.001 * Float(3).squareRoot(), seed: 1)
    let soft = 0.1 * Float(0.126).squareRoot()
    for (start, amplitude) in [(2, Float(0.1)), (6, soft), (9, 0.1)] {
      let burst = noise(seconds: 1, amplitude: amplitude * Float(3).squareRoot(), seed: 2)
      for (i, x) in burst.enumerated() { samples[start * Self.rate + i] += x }
    }
    let starts = detect(samples).segments.map { ($0.start.seconds * 10).rounded() / 10 }
    #expect(starts == [2, 6, 9])
    // A narrower gate loses it.
    var options = AudioActivityOptions()
    options.segmentGate = 6
    var narrow = AudioActivityDetector(options: options)
    narrow.process(samples)
    #expect(narrow.finish().segments.map { ($0.start.seconds * 10).rounded() / 10 } == [2, 9])
  }

  @Test func theChunkSizeDoesNotChangeTheResult() throws {
    let samples = try readMonoWAV(SpeechFixtures.mix("music", snr: 10)).samples
    let whole = detect(samples, chunk: samples.count)
    #expect(whole.segments.count >= 6)
    for chunk in [1, 319, 1024] {
      #expect(detect(samples, chunk: chunk) == whole)
    }
  }

  @Test func strangeOptionsAreClampedRatherThanTrapping() {
    var options = AudioActivityOptions()
    options.lowFrequency = .nan
    options.highFrequency = -.infinity
    options.frameStep = MediaTime(milliseconds: 0)
    options.floorWindow = MediaTime(value: .max, timescale: 1)
    options.floorPercentile = 7
    options.minimumBurst = MediaTime(milliseconds: -5)
    options.hangover = MediaTime(value: .min, timescale: 1)
    options.followWindow = MediaTime(value: .max, timescale: 1)
    options.scoreSmoothing = MediaTime(value: .min, timescale: 1)
    options.lookBack = MediaTime(value: .max, timescale: 1)
    options.spreadPercentile = .nan
    options.spreadWeight = .infinity
    options.spreadAllowance = -.infinity
    options.heldBedShare = .nan
    options.bedDepth = .nan
    options.speechGate = -.infinity
    options.segmentGate = .nan
    options.lookBackThreshold = .nan
    options.threshold = .nan
    var detector = AudioActivityDetector(options: options)
    detector.process(noise(seconds: 2, amplitude: 0.1, seed: 3))
    let activity = detector.finish()
    #expect(activity.duration == MediaTime(value: 32_000, timescale: 16_000))
    #expect(activity.segments.allSatisfy { $0.start < $0.end })
  }
}
