/// Decoded samples copied out of their frames, in the decoder's own format and layout, so
/// they can be resampled on another thread after the frames are reused. The planes (every
/// channel for a packed format, one per channel for a planar one) share one buffer, each
/// `capacity` samples long.
struct DecodedAudio {
  private(set) var storage: [UInt8]
  let planeCount: Int
  /// Bytes one sample of one plane takes.
  let bytesPerSample: Int
  /// Samples per channel the batch can hold.
  let capacity: Int
  /// Samples per channel it holds.
  private(set) var sampleCount = 0

  init(planeCount: Int, bytesPerSample: Int, capacity: Int) {
    self.planeCount = max(1, planeCount)
    self.bytesPerSample = max(1, bytesPerSample)
    self.capacity = max(1, capacity)
    // Made once per worker and reused (`reset`): zeroed, so no byte is ever read unwritten.
    storage = [UInt8](repeating: 0, count: self.planeCount * self.capacity * self.bytesPerSample)
  }

  /// Empties the batch for reuse, keeping its buffer.
  mutating func reset() { sampleCount = 0 }

  /// Room left, in samples per channel.
  var room: Int { capacity - sampleCount }

  /// Appends `count` samples (at most `room`) from each of `sources`, one pointer per plane.
  mutating func append(_ sources: [UnsafePointer<UInt8>], count: Int) {
    let count = min(count, room)
    let planeBytes = capacity * bytesPerSample
    let offset = sampleCount * bytesPerSample
    storage.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for (index, source) in sources.prefix(planeCount).enumerated() {
        (base + index * planeBytes + offset).update(from: source, count: count * bytesPerSample)
      }
    }
    sampleCount += count
  }

  /// Calls `body` with one pointer per plane, valid during the call.
  func withPlanes<Result>(
    _ body: (UnsafeMutablePointer<UnsafePointer<UInt8>?>) throws -> Result
  ) rethrows -> Result? {
    try storage.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return nil }
      let planeBytes = capacity * bytesPerSample
      var planes = (0..<planeCount).map { Optional(base + $0 * planeBytes) }
      return try planes.withUnsafeMutableBufferPointer { pointers in
        guard let first = pointers.baseAddress else { return nil }
        return try body(first)
      }
    }
  }
}
