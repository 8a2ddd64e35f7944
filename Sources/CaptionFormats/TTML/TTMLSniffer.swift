#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tells a TTML document from other XML by its first bytes, for files whose extension says
/// only "XML" (`.xml`): media libraries hold many XML files that are not captions (DCP
/// packing lists, player metadata), which a folder search must not read as broken TTML.
public enum TTMLSniffer {
  /// How many bytes of a file are looked at.
  public static let prefixLength = 4096

  /// True when the file at `path` looks like TTML by its first bytes; false when it cannot
  /// be read (its reader then says why, if it is read at all).
  public static func looksLikeTTML(path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var prefix = [UInt8](repeating: 0, count: prefixLength)
    var count = 0
    while count < prefixLength {
      let got = prefix.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress.map { $0 + count }, prefixLength - count)
      }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { break }
      count += got
    }
    return looksLikeTTML(prefix[..<count])
  }

  /// True when the first element of the XML in `prefix` (the file's first bytes) is `tt`,
  /// with or without a namespace prefix (`<tt ...>`, `<tt:tt ...>`): after an optional byte
  /// order mark, XML declaration, comments, processing instructions and a document type, and
  /// nothing else but white space.
  /// UTF-16 files are looked at through their ASCII bytes.
  public static func looksLikeTTML(_ prefix: some Collection<UInt8>) -> Bool {
    // UTF-16 text has a zero byte beside each ASCII one; the markup is ASCII.
    let bytes = Array(prefix.lazy.filter { $0 != 0 })
    // A byte order mark (UTF-8, or UTF-16 without its zero bytes), then only white space
    // between the pieces of markup before the first element.
    var index = 0
    for mark in [[0xEF, 0xBB, 0xBF], [0xFF, 0xFE], [0xFE, 0xFF]] as [[UInt8]]
    where bytes.starts(with: mark) {
      index = mark.count
    }
    while index < bytes.count {
      while index < bytes.count, isSpace(bytes[index]) { index += 1 }
      guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return false }
      let next = index + 1
      guard next < bytes.count else { return false }
      switch bytes[next] {
      case UInt8(ascii: "?"):
        guard let end = find([UInt8(ascii: "?"), UInt8(ascii: ">")], in: bytes, from: next)
        else { return false }
        index = end
      case UInt8(ascii: "!"):
        let isComment = bytes[next...].starts(with: Array("!--".utf8))
        let closing = isComment ? Array("-->".utf8) : [UInt8(ascii: ">")]
        guard let end = find(closing, in: bytes, from: next) else { return false }
        index = end
      default:
        var end = next
        while end < bytes.count, !isNameEnd(bytes[end]) { end += 1 }
        let name = bytes[next..<end]
        let local = name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
        return local.elementsEqual("tt".utf8)
      }
    }
    return false
  }

  /// The index just past the first `needle` in `bytes` at or after `start`.
  private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    while index + needle.count <= bytes.count {
      if bytes[index..<(index + needle.count)].elementsEqual(needle) {
        return index + needle.count
      }
      index += 1
    }
    return nil
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func isNameEnd(_ byte: UInt8) -> Bool {
    isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
  }
}
