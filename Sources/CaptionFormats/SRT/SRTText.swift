/// Short quotes of SRT input for diagnostic messages.
enum SRTText {
  /// Longest quote, in characters, before it is cut with `…`.
  static let excerptLength = 40

  /// `string`, cut to `excerptLength` characters.
  static func excerpt(_ string: String) -> String {
    let prefix = string.prefix(excerptLength)
    return prefix.endIndex == string.endIndex ? string : prefix + "…"
  }

  /// The start of `bytes` (valid UTF-8) as a quote, decoding no more than it shows.
  static func excerpt(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let limit = excerptLength * 4
    if bytes.count <= limit { return excerpt(String(decoding: bytes, as: UTF8.self)) }
    var cut = limit
    while cut > 0, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
    let head = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<cut]), as: UTF8.self)
    return String(head.prefix(excerptLength)) + "…"
  }
}
