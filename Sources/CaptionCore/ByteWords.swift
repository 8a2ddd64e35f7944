/// Searches of bytes eight at a time, for the readers' and the scanner's hot loops.
public enum ByteWords {
  /// The high bit of each byte of `word` that is `byte`. Only the lowest bit set is sure to
  /// be right (a borrow may set those above it).
  @inlinable @inline(__always)
  public static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
    return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
  }

  /// The index of the first byte from `start` on that `marks` marks, or `bytes.count`.
  /// `marks` gives, for eight bytes read as a little-endian word, the high bit of each byte
  /// it looks for; only the lowest one set needs to be right. The last bytes are read as the
  /// last eight of the buffer (or copied into a word when it is shorter), the bytes outside
  /// the search masked off.
  @inlinable @inline(__always)
  public static func firstMarked(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, marks: (UInt64) -> UInt64
  ) -> Int {
    let count = bytes.count
    guard start < count, let base = bytes.baseAddress else { return count }
    let raw = UnsafeRawPointer(base)
    var index = start
    while index + 8 <= count {
      let marked = marks(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      if marked != 0 { return index + marked.trailingZeroBitCount / 8 }
      index += 8
    }
    guard index < count else { return count }
    let rest = count - index
    var word: UInt64 = 0
    if count >= 8 {
      word = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) >> ((8 - rest) * 8)
    } else {
      withUnsafeMutableBytes(of: &word) {
        $0.copyMemory(from: UnsafeRawBufferPointer(start: raw + index, count: rest))
      }
    }
    let marked = marks(word) & (~UInt64(0) >> ((8 - rest) * 8))
    return marked != 0 ? index + marked.trailingZeroBitCount / 8 : count
  }
}
