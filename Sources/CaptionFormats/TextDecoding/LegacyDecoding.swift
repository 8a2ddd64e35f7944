/// Decoders for the legacy code pages, through `iconv`.
///
/// Single-byte pages decode through a 256-entry table built from `iconv` one byte at a time:
/// glibc's windows-1255 converter would otherwise compose a letter and its points into
/// presentation forms (U+FB2A for shin with shin dot), changing the text.
enum LegacyDecoding {
  /// The `iconv` name of a legacy encoding. Shift_JIS files are read as Microsoft's CP932,
  /// which keeps 0x5C and 0x7E ASCII (glibc's `SHIFT_JIS` maps them to ¥ and ‾) and has the
  /// NEC and IBM extensions Windows writes; EUC-JP files as EUC-JP-MS, which adds the same
  /// extensions to EUC-JP; ISO-2022-JP files as ISO-2022-JP-2, its superset; Big5 files as
  /// CP950, Microsoft's Big5.
  static func iconvName(_ encoding: TextEncoding) -> String? {
    switch encoding {
    case .cp949: return "CP949"
    case .shiftJIS: return "CP932"
    case .eucJP: return "EUC-JP-MS"
    case .iso2022JP: return "ISO-2022-JP-2"
    case .gb18030: return "GB18030"
    case .big5: return "CP950"
    case .windows1250: return "WINDOWS-1250"
    case .windows1251: return "WINDOWS-1251"
    case .windows1252: return "WINDOWS-1252"
    case .windows1253: return "WINDOWS-1253"
    case .windows1254: return "WINDOWS-1254"
    case .windows1255: return "WINDOWS-1255"
    case .windows1256: return "WINDOWS-1256"
    case .iso88592: return "ISO-8859-2"
    case .iso88595: return "ISO-8859-5"
    case .iso88597: return "ISO-8859-7"
    case .iso88598: return "ISO-8859-8"
    case .koi8R: return "KOI8-R"
    case .koi8U: return "KOI8-U"
    case .utf8, .utf16LE, .utf16BE, .utf32LE, .utf32BE: return nil
    }
  }

  /// Unicode scalar of each byte of a single-byte page; `undefined` where the page has none.
  static let undefined: UInt32 = 0xFFFF_FFFF

  private static let windows1250 = table("WINDOWS-1250")
  private static let windows1251 = table("WINDOWS-1251")
  private static let windows1252 = table("WINDOWS-1252")
  private static let windows1253 = table("WINDOWS-1253")
  private static let windows1254 = table("WINDOWS-1254")
  private static let windows1255 = table("WINDOWS-1255")
  private static let windows1256 = table("WINDOWS-1256")
  private static let iso88592 = table("ISO-8859-2")
  private static let iso88595 = table("ISO-8859-5")
  private static let iso88597 = table("ISO-8859-7")
  private static let iso88598 = table("ISO-8859-8")
  private static let koi8R = table("KOI8-R")
  private static let koi8U = table("KOI8-U")

  static func singleByteTable(_ encoding: TextEncoding) -> [UInt32]? {
    switch encoding {
    case .windows1250: return windows1250
    case .windows1251: return windows1251
    case .windows1252: return windows1252
    case .windows1253: return windows1253
    case .windows1254: return windows1254
    case .windows1255: return windows1255
    case .windows1256: return windows1256
    case .iso88592: return iso88592
    case .iso88595: return iso88595
    case .iso88597: return iso88597
    case .iso88598: return iso88598
    case .koi8R: return koi8R
    case .koi8U: return koi8U
    default: return nil
    }
  }

  private static func table(_ name: String) -> [UInt32] {
    var table = (0..<256).map { $0 < 0x80 ? UInt32($0) : undefined }
    guard let converter = Iconv(from: name) else { return table }
    var scratch = [UInt8](repeating: 0, count: 8)
    for byte in 0x80...0xFF {
      converter.reset()
      let input: [UInt8] = [UInt8(byte)]
      let produced = input.withUnsafeBytes { inBytes in
        scratch.withUnsafeMutableBytes { outBytes -> Int in
          var inBuffer = inBytes
          var outBuffer = outBytes
          guard converter.convert(&inBuffer, into: &outBuffer) == .done, inBuffer.isEmpty,
            converter.flush(into: &outBuffer)
          else { return 0 }
          return outBytes.count - outBuffer.count
        }
      }
      guard produced > 0 else { continue }
      let string = String(decoding: scratch[0..<produced], as: UTF8.self)
      let scalars = Array(string.unicodeScalars)
      if scalars.count == 1, scalars[0].value != 0xFFFD { table[byte] = scalars[0].value }
    }
    return table
  }

  /// Decodes `buffer` from `start` as `encoding` (a legacy page). Returns the output and the
  /// decoded offset of the input byte at `mark` (or of the character that contains it).
  static func decode(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, as encoding: TextEncoding,
    mark: Int, issues: inout DecodingIssues
  ) -> (utf8: [UInt8], markOffset: Int) {
    if let table = singleByteTable(encoding) {
      return decodeSingleByte(buffer, from: start, table: table, mark: mark, issues: &issues)
    }
    guard let name = iconvName(encoding), let converter = Iconv(from: name) else {
      issues.notes.append(
        DecodingIssues.Note(
          severity: .error,
          message: "this system cannot decode \(encoding.rawValue): iconv has no converter for it",
          decodedOffset: nil, hint: "install the glibc converters (gconv modules)"))
      let ascii = (0..<256).map { $0 < 0x80 ? UInt32($0) : undefined }
      return decodeSingleByte(buffer, from: start, table: ascii, mark: mark, issues: &issues)
    }
    return decodeMultiByte(buffer, from: start, converter: converter, mark: mark, issues: &issues)
  }

  private static func decodeSingleByte(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, table: [UInt32], mark: Int,
    issues: inout DecodingIssues
  ) -> (utf8: [UInt8], markOffset: Int) {
    // Two passes: the exact output length from a table of UTF-8 lengths, then the bytes,
    // so the output is allocated once and never grows.
    var encoded = [UInt8](repeating: 0, count: 256 * 4)
    var lengths = [Int](repeating: 3, count: 256)
    for byte in 0..<256 {
      var bytes: [UInt8] = []
      if table[byte] == undefined {
        bytes = UnicodeDecoding.replacement
      } else {
        UnicodeDecoding.appendUTF8(table[byte], to: &bytes)
      }
      lengths[byte] = bytes.count
      for (index, value) in bytes.enumerated() { encoded[byte * 4 + index] = value }
    }
    var total = 0
    lengths.withUnsafeBufferPointer { lengths in
      for index in start..<buffer.count { total += lengths[Int(buffer[index])] }
    }
    var markOffset = 0
    var undefinedAt: [(index: Int, decodedOffset: Int)] = []
    var output = [UInt8](repeating: 0, count: total)
    output.withUnsafeMutableBufferPointer { out in
      encoded.withUnsafeBufferPointer { encoded in
        lengths.withUnsafeBufferPointer { lengths in
          var written = 0
          for index in start..<buffer.count {
            if index == mark { markOffset = written }
            let byte = Int(buffer[index])
            if byte < 0x80 {
              out[written] = UInt8(byte)
              written += 1
              continue
            }
            if table[byte] == undefined { undefinedAt.append((index, written)) }
            for offset in 0..<lengths[byte] { out[written + offset] = encoded[byte * 4 + offset] }
            written += lengths[byte]
          }
          // Every byte counted in `total` was written.
          assert(written == total)
        }
      }
    }
    if mark >= buffer.count { markOffset = output.count }
    for (index, decodedOffset) in undefinedAt {
      issues.undecodable(
        UnsafeBufferPointer(rebasing: buffer[index..<index + 1]), at: index,
        decodedOffset: decodedOffset)
    }
    return (output, markOffset)
  }

  private static func decodeMultiByte(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, converter: Iconv, mark: Int,
    issues: inout DecodingIssues
  ) -> (utf8: [UInt8], markOffset: Int) {
    var output: [UInt8] = []
    output.reserveCapacity((buffer.count - start) * 3 / 2 + 16)
    var scratch = [UInt8](repeating: 0, count: 1 << 16)
    var markOffset: Int?
    var position = start
    let count = buffer.count
    scratch.withUnsafeMutableBytes { scratch in
      while position < count {
        if markOffset == nil, position >= mark { markOffset = output.count }
        let limit = markOffset == nil ? mark : count
        var input = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[position..<limit]))
        var space = scratch
        let stop = converter.convert(&input, into: &space)
        output.append(contentsOf: scratch[0..<(scratch.count - space.count)])
        position = limit - input.count
        switch stop {
        case .done, .outputFull:
          continue
        case .incomplete where limit < count:
          // The character that holds the mark starts before it.
          markOffset = output.count
        case .incomplete, .invalid:
          let length = stop == .incomplete ? limit - position : 1
          issues.undecodable(
            UnsafeBufferPointer(rebasing: buffer[position..<position + length]), at: position,
            decodedOffset: output.count)
          output.append(contentsOf: UnicodeDecoding.replacement)
          position += length
          converter.reset()
        }
      }
      var space = scratch
      if converter.flush(into: &space) {
        output.append(contentsOf: scratch[0..<(scratch.count - space.count)])
      }
    }
    return (output, markOffset ?? output.count)
  }
}
