#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds empty lines in text about to be written as a cue's text, where they would end the cue.
enum EmptyLines {
  /// True when `text` starts or ends with a line feed, or has two in a row.
  static func exist(in text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = text.baseAddress, let first = text.first, let last = text.last else {
      return false
    }
    if first == 0x0A || last == 0x0A { return true }
    var index = 0
    let end = text.count - 1
    while index < end, let found = memchr(base + index, 0x0A, end - index) {
      let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
      if text[at + 1] == 0x0A { return true }
      index = at + 1
    }
    return false
  }
}
