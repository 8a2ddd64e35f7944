#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One line of a text buffer: the byte range of its content, without the terminator.
public struct TextLine: Sendable, Hashable {
  /// Byte range of the line's content in the buffer.
  public var range: Range<Int>
  /// 1-based line number.
  public var number: Int
  /// The terminator after the line: `"\n"`, `"\r"`, `"\r\n"`, or `""` at the end of the buffer.
  public var terminator: Terminator

  public enum Terminator: Sendable, Hashable {
    case lf, cr, crlf, none
  }

  public init(range: Range<Int>, number: Int, terminator: Terminator) {
    self.range = range
    self.number = number
    self.terminator = terminator
  }
}

/// Splits a UTF-8 buffer into lines at CR, LF or CRLF, as WebVTT and SRT define them.
/// A buffer that ends with a terminator has no empty last line.
public struct LineScanner: Sequence, IteratorProtocol, Sendable {
  private let bytes: [UInt8]
  private var position: Int
  private var number = 0
  /// Where the lines end: the end of the buffer.
  private var end: Int
  /// True when the buffer is known to hold no carriage return: every line then ends at the
  /// next line feed, found with `memchr`.
  package var lineFeedsOnly = false

  public init(_ bytes: [UInt8], startingAt position: Int = 0) {
    self.bytes = bytes
    self.position = position
    end = bytes.count
  }

  /// The byte offset where the next line starts.
  public var offset: Int { position }

  public mutating func next() -> TextLine? {
    let count = end
    guard position < count else { return nil }
    let start = position
    return bytes.withUnsafeBufferPointer { buffer -> TextLine in
      var index = start
      if lineFeedsOnly {
        index = Self.lineFeed(in: UnsafeBufferPointer(rebasing: buffer[..<count]), from: start)
      } else if let base = buffer.baseAddress {
        // Eight bytes at a time while none of them is CR or LF.
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= count {
          let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
          let lineFeeds = word ^ 0x0A0A_0A0A_0A0A_0A0A
          let returns = word ^ 0x0D0D_0D0D_0D0D_0D0D
          if ((lineFeeds &- ones) & ~lineFeeds | (returns &- ones) & ~returns) & highs != 0 {
            break
          }
          index += 8
        }
      }
      while index < count {
        let byte = buffer[index]
        if byte == 0x0A || byte == 0x0D { break }
        index += 1
      }
      number += 1
      let terminator: TextLine.Terminator
      if index == count {
        terminator = .none
        position = count
      } else if buffer[index] == 0x0D {
        if index + 1 < count, buffer[index + 1] == 0x0A {
          terminator = .crlf
          position = index + 2
        } else {
          terminator = .cr
          position = index + 1
        }
      } else {
        terminator = .lf
        position = index + 1
      }
      return TextLine(range: start..<index, number: number, terminator: terminator)
    }
  }
}

extension LineScanner {
  /// True when `bytes` hold no carriage return, so that every line ends at a line feed
  /// (`lineFeedsOnly`); one `memchr` over the buffer.
  package static func holdsNoCarriageReturn(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    return memchr(base, 0x0D, bytes.count) == nil
  }

  /// The index of the first line feed of `bytes` from `start` on, or the end.
  @inline(__always)
  static func lineFeed(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard start < bytes.count, let base = bytes.baseAddress,
      let found = memchr(base + start, 0x0A, bytes.count - start)
    else { return bytes.count }
    return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
  }
}
