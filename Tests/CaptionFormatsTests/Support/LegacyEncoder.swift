import Glibc
import Testing

/// Encodes test text into a legacy encoding with the system's `iconv`, the way an old
/// editor would have saved it.
enum LegacyEncoder {
  /// The bytes of `text` in `name` (an `iconv -l` name); fails the test when a character
  /// has no form in that encoding.
  static func encode(_ text: String, as name: String) throws -> [UInt8] {
    let descriptor = iconv_open(name, "UTF-8")
    guard let descriptor, Int(bitPattern: descriptor) != -1 else {
      Issue.record("iconv cannot encode \(name)")
      return []
    }
    defer { iconv_close(descriptor) }
    var input = Array(text.utf8)
    var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
    let (result, written) = input.withUnsafeMutableBufferPointer { inBuffer in
      output.withUnsafeMutableBufferPointer { outBuffer in
        var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(
          inBuffer.baseAddress
        )?.assumingMemoryBound(to: CChar.self)
        var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(
          outBuffer.baseAddress
        )?.assumingMemoryBound(to: CChar.self)
        var inLeft = inBuffer.count
        var outLeft = outBuffer.count
        let result = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
        return (result, outBuffer.count - outLeft)
      }
    }
    try #require(result != -1, "\(name) cannot encode all of \(text.prefix(40))")
    return Array(output[0..<written])
  }

  /// An SRT file of `lines`, one cue each, with CRLF line ends as Windows editors save it.
  static func srt(_ lines: [String]) -> String {
    var blocks: [String] = []
    for (index, line) in lines.enumerated() {
      let start = 1 + 3 * index
      let end = start + 2
      let pad = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
      blocks.append(
        "\(index + 1)\r\n00:00:\(pad(start)),000 --> 00:00:\(pad(end)),500\r\n\(line)\r\n")
    }
    return blocks.joined(separator: "\r\n")
  }
}
