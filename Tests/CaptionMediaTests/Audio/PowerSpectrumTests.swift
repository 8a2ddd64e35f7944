import Foundation
import Testing

@testable import CaptionMedia

struct PowerSpectrumTests {
  @Test(arguments: [16, 64, 512])
  func matchesADirectFourierTransform(size: Int) {
    var state: UInt64 = 42
    let frame = (0..<size).map { _ -> Float in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Float(state >> 40) / Float(1 << 24) * 2 - 1
    }
    var spectrum = PowerSpectrum(size: size)
    var power = [Float](repeating: 0, count: size / 2 + 1)
    frame.withUnsafeBufferPointer { samples in
      power.withUnsafeMutableBufferPointer { out in
        guard let base = out.baseAddress else { return }
        spectrum.compute(samples, bins: 0..<(size / 2 + 1), into: base)
      }
    }
    for k in 0...(size / 2) {
      var re = 0.0
      var im = 0.0
      for n in 0..<size {
        let window = 0.5 - 0.5 * cos(2 * Double.pi * Double(n) / Double(size))
        let angle = -2 * Double.pi * Double(k * n) / Double(size)
        re += Double(frame[n]) * window * cos(angle)
        im += Double(frame[n]) * window * sin(angle)
      }
      let expected = (re * re + im * im) * Double(spectrum.scale)
      #expect(abs(Double(power[k]) - expected) <= 1e-4 * max(1, expected), "bin \(k)")
    }
  }

  @Test func aFullScaleSineHasAMeanSquareOfOneHalf() {
    // 1000 Hz at 16 kHz: bin 32 of a 512-point frame, its power spread over the bins nearby.
    let frame = (0..<512).map { Float(sin(2 * Double.pi * 1000 * Double($0) / 16_000)) }
    var spectrum = PowerSpectrum(size: 512)
    var power = [Float](repeating: 0, count: 9)
    frame.withUnsafeBufferPointer { samples in
      power.withUnsafeMutableBufferPointer { out in
        guard let base = out.baseAddress else { return }
        spectrum.compute(samples, bins: 28..<37, into: base)
      }
    }
    #expect(abs(power.reduce(0, +) - 0.5) < 0.01)
  }
}
