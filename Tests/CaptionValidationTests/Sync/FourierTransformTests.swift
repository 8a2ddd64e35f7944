import Testing

@testable import CaptionValidation

struct FourierTransformTests {
  /// Values from a seeded generator: 0/1 cells with some fractions, as timelines hold.
  static func timeline(_ count: Int, seed: UInt64) -> [Double] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let draw = Double(state >> 40) / Double(1 << 24)
      return draw < 0.4 ? 0 : draw < 0.9 ? 1 : draw
    }
  }

  @Test(arguments: [4, 8, 64, 1024])
  func correlationMatchesTheSumOverEveryShift(size: Int) {
    let fft = FourierTransform(atLeast: size)
    #expect(fft.count == size)
    let a = Self.timeline(size - size / 4, seed: 7)
    let b = Self.timeline(size, seed: 11)
    let scores = fft.correlation(a, b)
    #expect(scores.count == size)
    for shift in 0..<size {
      var expected = 0.0
      for (k, value) in a.enumerated() { expected += value * b[(k + shift) % size] }
      #expect(abs(scores[shift] - expected) < 1e-9 * Double(size), "shift \(shift)")
    }
  }

  @Test func spectrumOfAnImpulseIsFlat() {
    let fft = FourierTransform(atLeast: 16)
    let spectrum = fft.spectrum([1])
    #expect(spectrum.real.count == 9)
    for k in 0...8 {
      #expect(abs(spectrum.real[k] - 1) < 1e-12)
      #expect(abs(spectrum.imaginary[k]) < 1e-12)
    }
  }

  @Test func aSizeBelowFourIsRaisedToFour() {
    #expect(FourierTransform(atLeast: 1).count == 4)
    #expect(FourierTransform(atLeast: 5).count == 8)
  }
}
