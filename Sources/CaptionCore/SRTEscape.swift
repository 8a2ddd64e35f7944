/// ASS's escapes found in SRT text that was made from ASS: `\N` and `\n` (a line break) and
/// `\h` (a no-break space). FFmpeg's and VLC's SRT readers show them so (FFmpeg passes the
/// text on as ASS, and its converters write `\N` and `\n` as line breaks; VLC reads all
/// three), so a viewer never sees the backslash. The SRT reader and the text scanner of the
/// rules read them alike through this one type.
package enum SRTEscape {
  package enum Meaning: Sendable {
    case lineBreak
    case noBreakSpace
  }

  /// What the backslash at `index` of `bytes` starts, or nil when it is text (any other
  /// letter follows, or nothing).
  @inline(__always)
  package static func meaning(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Meaning? {
    guard index + 1 < bytes.count, bytes[index] == 0x5C else { return nil }
    switch bytes[index + 1] {
    case 0x4E, 0x6E: return .lineBreak  // N, n
    case 0x68: return .noBreakSpace  // h
    default: return nil
    }
  }

  /// The UTF-8 bytes of the no-break space `\h` stands for.
  package static let noBreakSpace: [UInt8] = [0xC2, 0xA0]
}
