import CaptionCore
import Foundation
import Testing

@testable import CaptionMedia

@Suite struct AudioActivityDetectorTests {
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

  @Test(arguments: SpeechFixtures.beds)
  func agreesWithTheSpokenTimesAt10dB(bed: String) throws {
    var figures: [String] = []
    var atTen = 0.0
    for snr in SpeechFixtures.snrs {
      let (rate, samples) = try readMonoWAV(SpeechFixtures.mix(bed, snr: snr))
      #expect(rate == AudioActivityDetector.sampleRate)
      let activity = detect(samples)
      let agreement = SpeechFixtures.agreement(
        activity.segments, truth: try SpeechFixtures.truth(bed),
        duration: Double(samples.count) / Double(rate))
      if snr == 10 { atTen = agreement }
      figures.append("\(snr) dB: \(String(format: "%.1f", agreement * 100))%")
    }
    print("speech over \(bed): " + figures.joined(separator: ", "))
    #expect(atTen >= 0.9, "agreement over \(bed) at 10 dB SNR")
  }
}
