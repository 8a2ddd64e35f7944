/// A box of the ISO base media file format (ISO/IEC 14496-12, 4.2): its type and where its
/// content lies in the bytes it was read from.
public struct MP4Box: Sendable, Hashable {
  /// The four-character type (`moov`, `moof`, `mdat`, ...).
  public var type: String
  /// The offset of the box's first byte (its size field).
  public var start: Int
  /// The box's content: after the size, type (and large size) fields, to its end.
  public var content: Range<Int>

  public init(type: String, start: Int, content: Range<Int>) {
    self.type = type
    self.start = start
    self.content = content
  }
}

/// Bounds-checked big-endian reads of boxes and their fields. Every read that would leave the
/// bytes (or the box it is in) throws: a damaged or hostile file is a failure, never a read
/// past the end.
public struct MP4ByteReader {
  public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
  }

  public let bytes: [UInt8]

  public init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The boxes that fill `range`, in order. A box whose size runs past the range, or is
  /// smaller than its own header, is a failure.
  public func boxes(in range: Range<Int>) throws(Failure) -> [MP4Box] {
    var found: [MP4Box] = []
    var offset = range.lowerBound
    while offset < range.upperBound {
      guard range.upperBound - offset >= 8 else {
        throw Failure(
          "\(range.upperBound - offset) stray bytes at byte \(offset), too few for a box")
      }
      let size = Int(try uint32(at: offset, in: range))
      let type = fourCC(at: offset + 4)
      var header = 8
      var end: Int
      if size == 1 {
        let large = try uint64(at: offset + 8, in: range)
        header = 16
        guard large <= UInt64(range.upperBound - offset) else {
          throw Failure("box '\(type)' at byte \(offset) runs past the end of what holds it")
        }
        end = offset + Int(large)
      } else if size == 0 {
        end = range.upperBound
      } else {
        end = offset + size
      }
      guard end - offset >= header else {
        throw Failure("box '\(type)' at byte \(offset) is shorter than its own header")
      }
      guard end <= range.upperBound else {
        throw Failure("box '\(type)' at byte \(offset) runs past the end of what holds it")
      }
      found.append(MP4Box(type: type, start: offset, content: (offset + header)..<end))
      offset = end
    }
    return found
  }

  /// The first box of `type` in `range`, if any.
  public func first(_ type: String, in range: Range<Int>) throws(Failure) -> MP4Box? {
    try boxes(in: range).first { $0.type == type }
  }

  /// The first box at the end of `path` (`["moov", "trak"]`) under `range`.
  public func find(_ path: [String], in range: Range<Int>) throws(Failure) -> MP4Box? {
    var current = range
    var box: MP4Box?
    for type in path {
      guard let next = try first(type, in: current) else { return nil }
      box = next
      current = next.content
    }
    return box
  }

  public func fourCC(at offset: Int) -> String {
    guard offset >= 0, offset + 4 <= bytes.count else { return "????" }
    return String(
      decoding: bytes[offset..<offset + 4].map { (0x20...0x7E).contains($0) ? $0 : 0x3F },
      as: UTF8.self)
  }

  public func uint8(at offset: Int, in range: Range<Int>) throws(Failure) -> UInt8 {
    try check(offset, 1, range)
    return bytes[offset]
  }

  public func uint16(at offset: Int, in range: Range<Int>) throws(Failure) -> UInt16 {
    try check(offset, 2, range)
    return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
  }

  public func uint32(at offset: Int, in range: Range<Int>) throws(Failure) -> UInt32 {
    try check(offset, 4, range)
    var value: UInt32 = 0
    for index in offset..<offset + 4 { value = value << 8 | UInt32(bytes[index]) }
    return value
  }

  public func uint64(at offset: Int, in range: Range<Int>) throws(Failure) -> UInt64 {
    try check(offset, 8, range)
    var value: UInt64 = 0
    for index in offset..<offset + 8 { value = value << 8 | UInt64(bytes[index]) }
    return value
  }

  /// A full box's version and flags (its first four content bytes).
  public func versionAndFlags(of box: MP4Box) throws(Failure) -> (version: UInt8, flags: UInt32) {
    let word = try uint32(at: box.content.lowerBound, in: box.content)
    return (UInt8(word >> 24), word & 0xFF_FFFF)
  }

  /// A null-terminated UTF-8 string from `offset`, and the offset after its terminator (the
  /// end of `range` when it has none).
  public func cString(at offset: Int, in range: Range<Int>) -> (String, Int) {
    var end = max(offset, range.lowerBound)
    while end < range.upperBound, bytes[end] != 0 { end += 1 }
    let text = String(decoding: bytes[max(offset, range.lowerBound)..<end], as: UTF8.self)
    return (text, min(range.upperBound, end + 1))
  }

  private func check(_ offset: Int, _ count: Int, _ range: Range<Int>) throws(Failure) {
    guard offset >= range.lowerBound, offset + count <= range.upperBound,
      offset + count <= bytes.count
    else {
      throw Failure("a field at byte \(offset) lies past the end of its box")
    }
  }
}
