import CaptionCore

/// Turns the line and column the XML parser reports (columns in characters) into a
/// `SourceLocation` (columns in UTF-8 bytes, with the byte offset).
///
/// Positions are asked for in document order, so a cursor moves forward through the bytes and
/// the whole document costs linear time, however long its lines.
struct TTMLSourceMap {
  let bytes: [UInt8]
  /// Byte offset of the start of each line.
  private var lineStarts: [Int] = [0]
  /// The last position resolved: its line, character column and byte offset.
  private var line = 1
  private var column = 1
  private var offset = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
    bytes.withUnsafeBufferPointer { buffer in
      for index in buffer.indices where buffer[index] == 0x0A {
        lineStarts.append(index + 1)
      }
    }
  }

  /// The byte offset of character `column` (1-based) of `line` (1-based), clamped to the
  /// document.
  mutating func offset(line requestedLine: Int, column requestedColumn: Int) -> Int {
    let targetLine = min(max(requestedLine, 1), lineStarts.count)
    let targetColumn = max(requestedColumn, 1)
    if targetLine != line || targetColumn < column {
      line = targetLine
      column = 1
      offset = lineStarts[targetLine - 1]
    }
    let lineEnd = targetLine < lineStarts.count ? lineStarts[targetLine] - 1 : bytes.count
    bytes.withUnsafeBufferPointer { buffer in
      while column < targetColumn, offset < lineEnd {
        offset += 1
        while offset < lineEnd, buffer[offset] & 0xC0 == 0x80 { offset += 1 }
        column += 1
      }
    }
    return offset
  }

  /// The location of the byte at `offset`.
  func location(ofByte offset: Int) -> SourceLocation {
    let clamped = min(max(offset, 0), bytes.count)
    // The last line start at or before the offset.
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
    }
    return SourceLocation(line: low + 1, column: clamped - lineStarts[low] + 1, offset: clamped)
  }

  /// The location the parser reports as `line` and character `column`.
  mutating func location(line: Int, column: Int) -> SourceLocation {
    location(ofByte: offset(line: line, column: column))
  }

  /// The offset of the `<` that opens the tag whose end the parser is at (`offset`), found by
  /// walking back: a start tag holds no `<`.
  func tagStart(before offset: Int) -> Int {
    var index = min(offset, bytes.count - 1)
    while index > 0, bytes[index] != UInt8(ascii: "<") { index -= 1 }
    return max(index, 0)
  }

  /// The offset of attribute `name` (as written, `tts:fontStyle`) in the tag from `start` to
  /// `end`, or nil.
  func attribute(_ name: String, inTagFrom start: Int, to end: Int) -> Int? {
    let target = Array(name.utf8)
    guard !target.isEmpty, end <= bytes.count else { return nil }
    var index = start + 1
    var quote: UInt8 = 0
    while index + target.count <= end {
      let byte = bytes[index]
      if quote != 0 {
        if byte == quote { quote = 0 }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if isSpace(bytes[index - 1]), bytes[index..<index + target.count].elementsEqual(target)
      {
        var after = index + target.count
        while after < end, isSpace(bytes[after]) { after += 1 }
        if after < end, bytes[after] == UInt8(ascii: "=") { return index }
      }
      index += 1
    }
    return nil
  }

  private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
