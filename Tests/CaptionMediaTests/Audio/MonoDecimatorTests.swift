import Foundation
import Testing

@testable import CaptionMedia

@Suite struct MonoDecimatorTests {
  /// The decimator's output for `channels` (one array a channel) at `rate`, given as planar
  /// or interleaved float in calls of `step` samples, then flushed.
  func decimate(
    _ channels: [[Float]], rate: Int, planar: Bool = true, step: Int = 1024
  ) throws -> [Float] {
    let format = planar ? SampleFormat.floatPlanar : SampleFormat.float
    var decimator = try #require(
      MonoDecimator(format: format, channels: channels.count, rate: rate))
    var output: [Float] = []
    let collect: (UnsafeBufferPointer<Float>) -> Void = { output += $0 }
    let count = channels[0].count
    var start = 0
    while start < count {
      let part = min(step, count - start)
      let planes: [[Float]] =
        planar
        ? channels.map { Array($0[start..<start + part]) }
        : [(start..<start + part).flatMap { index in channels.map { $0[index] } }]
      var pointers = planes.map { plane -> UnsafePointer<UInt8>? in
        let bytes = UnsafeMutablePointer<Float>.allocate(capacity: plane.count)
        bytes.initialize(from: plane, count: plane.count)
        return UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self)
      }
      try pointers.withUnsafeMutableBufferPointer { buffer in
        let planes = try #require(buffer.baseAddress)
        decimator.process(planes: planes, count: part, collect)
      }
      for pointer in pointers { UnsafeMutableRawPointer(mutating: pointer)?.deallocate() }
      start += part
    }
    decimator.flush(collect)
    return output
  }

  func sine(_ frequency: Double, rate: Int, seconds: Double, amplitude: Float = 0.5) -> [Float] {
    (0..<Int(Double(rate) * seconds)).map {
      amplitude * Float(sin(2 * Double.pi * frequency * Double($0) / Double(rate)))
    }
  }

  /// Root mean square over the middle of `samples`, away from the filter's edges.
  func level(_ samples: [Float]) -> Float {
    let middle = samples[samples.count / 4..<samples.count * 3 / 4]
    return (middle.map { $0 * $0 }.reduce(0, +) / Float(middle.count)).squareRoot()
  }

  @Test func takesOnlyFloatOfOneOrTwoChannelsAtAMultipleOf16kHz() {
    let planar = SampleFormat.floatPlanar
    #expect(MonoDecimator(format: planar, channels: 2, rate: 48_000)?.factor == 3)
    #expect(MonoDecimator(format: planar, channels: 1, rate: 32_000)?.factor == 2)
    #expect(MonoDecimator(format: SampleFormat.float, channels: 2, rate: 16_000)?.factor == 1)
    #expect(MonoDecimator(format: planar, channels: 2, rate: 44_100) == nil)
    #expect(MonoDecimator(format: planar, channels: 6, rate: 48_000) == nil)
    #expect(MonoDecimator(format: planar, channels: 2, rate: 96_000) == nil)
    #expect(MonoDecimator(format: SampleFormat.signed16, channels: 1, rate: 48_000) == nil)
  }

  @Test(arguments: [true, false])
  func mixesStereoAsSwresampleDoesAndKeepsTheSpeechBand(planar: Bool) throws {
    let tone = sine(1000, rate: 48_000, seconds: 1)
    let output = try decimate([tone, tone], rate: 48_000, planar: planar)
    #expect(output.count == 16_000)
    // Each channel × √½: two equal channels of level L give √2 · L.
    let ratio = level(output) / level(tone)
    #expect(abs(ratio - Float(2).squareRoot()) < 0.002, "\(ratio)")
    let upper = try decimate([sine(3400, rate: 48_000, seconds: 1)], rate: 48_000)
    #expect(level(upper) / level(sine(3400, rate: 48_000, seconds: 1)) > 0.95)
  }

  @Test func stopsWhatWouldFoldBackIntoTheSpeechBand() throws {
    // 14 kHz at 48 kHz would come out as 2 kHz at 16 kHz.
    let high = sine(14_000, rate: 48_000, seconds: 1)
    let output = try decimate([high], rate: 48_000)
    #expect(level(output) < 0.005 * level(high), "\(level(output))")
    // 13 kHz at 32 kHz would come out as 3 kHz.
    let fromThirtyTwo = try decimate([sine(13_000, rate: 32_000, seconds: 1)], rate: 32_000)
    #expect(level(fromThirtyTwo) < 0.012 * level(high), "\(level(fromThirtyTwo))")
  }

  @Test func keepsTimesAndGivesOneSampleForEachStartedStep() throws {
    for count in [1, 2, 3, 299, 1000, 48_001] {
      var impulse = [Float](repeating: 0, count: count)
      impulse[count / 2] = 1
      let output = try decimate([impulse], rate: 48_000, step: 37)
      #expect(output.count == (count + 2) / 3, "\(count)")
      if count >= 299 {
        let peak = output.indices.max { output[$0] < output[$1] }
        #expect(peak == (count / 2 + 1) / 3, "\(count)")
      }
    }
  }

  @Test func givesTheSameSamplesWhateverTheSizeOfTheCalls() throws {
    var state: UInt64 = 5
    let noise = (0..<20_000).map { _ -> Float in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Float(Int32(truncatingIfNeeded: state >> 32)) / Float(Int32.max)
    }
    let whole = try decimate([noise, noise.reversed()], rate: 48_000, step: 20_000)
    for step in [1, 7, 1024, 9000] {
      #expect(try decimate([noise, noise.reversed()], rate: 48_000, step: step) == whole)
    }
    #expect(try decimate([noise, noise.reversed()], rate: 48_000, planar: false) == whole)
  }
}
