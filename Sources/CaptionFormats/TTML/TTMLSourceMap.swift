import CaptionCore

/// Turns the byte offsets the XML parser reports into a `SourceLocation` (line, column in
/// UTF-8 bytes, offset).
struct TTMLSourceMap {
  /// Byte offset of the start of each line.
  private var lineStarts: [Int] = [0]
  private let count: Int

  init(bytes: [UInt8]) {
    count = bytes.count
    bytes.withUnsafeBufferPointer { buffer in
      for index in buffer.indices where buffer[index] == 0x0A {
        lineStarts.append(index + 1)
      }
    }
  }

  /// The location of the byte at `offset` (clamped to the document).
  func location(ofByte offset: Int) -> SourceLocation {
    let clamped = min(max(offset, 0), count)
    // The last line start at or before the offset.
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
    }
    return SourceLocation(line: low + 1, column: clamped - lineStarts[low] + 1, offset: clamped)
  }
}
