public import CaptionCore
import Glibc

/// A text encoding captionkit can read.
public enum TextEncoding: String, Sendable, Hashable, CaseIterable {
  case utf8 = "UTF-8"
  case utf16LE = "UTF-16LE"
  case utf16BE = "UTF-16BE"
  case utf32LE = "UTF-32LE"
  case utf32BE = "UTF-32BE"
  case cp949 = "CP949"
  case shiftJIS = "Shift_JIS"
  case eucJP = "EUC-JP"
  case iso2022JP = "ISO-2022-JP"
  case gb18030 = "GB18030"
  case big5 = "Big5"
  case windows1250 = "windows-1250"
  case windows1251 = "windows-1251"
  case windows1252 = "windows-1252"
  case windows1253 = "windows-1253"
  case windows1254 = "windows-1254"
  case windows1255 = "windows-1255"
  case windows1256 = "windows-1256"
  case iso88592 = "ISO-8859-2"
  case iso88595 = "ISO-8859-5"
  case iso88597 = "ISO-8859-7"
  case iso88598 = "ISO-8859-8"
  case koi8R = "KOI8-R"
  case koi8U = "KOI8-U"

  /// True for UTF-8, UTF-16 and UTF-32.
  public var isUnicode: Bool {
    switch self {
    case .utf8, .utf16LE, .utf16BE, .utf32LE, .utf32BE: return true
    default: return false
    }
  }

  /// The byte order mark of a Unicode encoding; empty for the legacy pages.
  public var byteOrderMark: [UInt8] {
    switch self {
    case .utf8: return [0xEF, 0xBB, 0xBF]
    case .utf16LE: return [0xFF, 0xFE]
    case .utf16BE: return [0xFE, 0xFF]
    case .utf32LE: return [0xFF, 0xFE, 0x00, 0x00]
    case .utf32BE: return [0x00, 0x00, 0xFE, 0xFF]
    default: return []
    }
  }

  /// The encoding named by the byte order mark `bytes` start with, if any. UTF-32LE is
  /// checked before UTF-16LE, whose mark is a prefix of it.
  public static func byteOrderMark(of bytes: [UInt8]) -> TextEncoding? {
    for encoding in [TextEncoding.utf8, .utf32LE, .utf32BE, .utf16LE, .utf16BE]
    where bytes.starts(with: encoding.byteOrderMark) {
      return encoding
    }
    return nil
  }
}

/// Text decoded to UTF-8, with what was learnt on the way.
public struct DecodedText: Sendable {
  /// Valid UTF-8, without a byte order mark.
  public var utf8: [UInt8]
  /// The encoding the bytes were decoded from.
  public var encoding: TextEncoding
  /// `parse.encoding` findings: a legacy encoding used, undecodable bytes.
  public var diagnostics: [Diagnostic]

  public init(utf8: [UInt8], encoding: TextEncoding = .utf8, diagnostics: [Diagnostic] = []) {
    self.utf8 = utf8
    self.encoding = encoding
    self.diagnostics = diagnostics
  }

  public init(_ string: String) {
    self.init(utf8: Array(string.utf8))
  }
}

/// The one place every text format is decoded: byte order mark first, then strict UTF-8,
/// then a legacy code page guessed from the content, with the language as a hint.
///
/// Nothing is replaced silently: every U+FFFD in the output comes with a `parse.encoding`
/// error giving the byte offset of what it replaced.
public enum TextDecoding {
  /// Decodes `bytes`. `encoding` forces an encoding (from `--encoding`); otherwise
  /// `EncodingDetector` guesses the legacy page when the bytes are not UTF-8, helped by the
  /// language (from the file name or `--locale`). `file` names the file in diagnostics.
  ///
  /// A byte order mark wins over a forced encoding, as in browsers. Only the first mark is
  /// removed; a second one is text (U+FEFF) for the format reader to judge.
  public static func decode(
    _ bytes: [UInt8], encoding: TextEncoding? = nil, language: LanguageTag? = nil,
    file: String? = nil
  ) -> DecodedText {
    if var declared = TextEncoding.byteOrderMark(of: bytes) {
      if declared == .utf32LE, encoding == .utf16LE { declared = .utf16LE }
      return decodeMarked(bytes, as: declared, requested: encoding, file: file)
    }
    if encoding == nil, let wide = unmarkedWideEncoding(bytes) {
      let note = DecodingIssues.Note(
        severity: .warning,
        message:
          "file is not UTF-8; decoded as \(wide.encoding.rawValue) (guessed from the content, "
          + "confidence \(EncodingDetector.format(wide.confidence)))",
        decodedOffset: 0,
        hint: "the file has no byte order mark but zero bytes between its characters; "
          + "save it as UTF-8")
      return decodeUnicode(bytes, as: wide.encoding, from: 0, notes: [note], file: file)
    }
    let invalid = bytes.withUnsafeBufferPointer { UTF8Validation.scan($0) }
    if encoding == nil || encoding == .iso2022JP, invalid == nil,
      let escape = iso2022JPEscape(bytes)
    {
      return decodeLegacy(
        bytes, as: .iso2022JP,
        reason: encoding == nil ? "its escape sequences name the character sets" : "as requested",
        firstInvalid: UTF8Validation.Invalid(offset: escape, length: 1, nonASCIIBefore: 0),
        file: file)
    }
    guard let encoding else {
      guard let invalid else { return DecodedText(utf8: bytes) }
      let guess = EncodingDetector.guess(bytes, language: language)
      let source =
        guess.hinted ? "the content and language \(language?.rawValue ?? "")" : "the content"
      let reason =
        "guessed from \(source), confidence \(EncodingDetector.format(guess.confidence))"
      // A doubtful guess names the page to try next.
      let alternative = guess.confidence < 0.8 ? guess.runnerUp : nil
      return decodeLegacy(
        bytes, as: guess.encoding, reason: reason, firstInvalid: invalid, file: file,
        alternative: alternative)
    }
    if encoding.isUnicode {
      if encoding == .utf8, invalid == nil { return DecodedText(utf8: bytes) }
      let note = DecodingIssues.Note(
        severity: .warning,
        message: "file is not UTF-8; decoded as \(encoding.rawValue) (as requested)",
        decodedOffset: 0, hint: "save the file as UTF-8")
      return decodeUnicode(
        bytes, as: encoding, from: 0, notes: encoding == .utf8 ? [] : [note], file: file)
    }
    guard let invalid else {
      let firstNonASCII = bytes.firstIndex { $0 >= 0x80 }
      guard let firstNonASCII else { return DecodedText(utf8: bytes, encoding: encoding) }
      var result = decodeLegacy(bytes, as: encoding, reason: nil, firstInvalid: nil, file: file)
      let location = DecodingIssues.locations(of: [firstNonASCII], in: bytes)
      result.diagnostics.insert(
        Diagnostic(
          rule: "parse.encoding", severity: .warning,
          message: "file is valid UTF-8 but was decoded as \(encoding.rawValue) as requested",
          file: file, location: location.first,
          hint: "leave out --encoding to read the file as UTF-8"), at: 0)
      return result
    }
    return decodeLegacy(
      bytes, as: encoding, reason: "as requested", firstInvalid: invalid, file: file)
  }

  /// The offset of the first escape sequence of ISO-2022-JP (`ESC $ B`, `ESC $ @`, `ESC $ ( D`:
  /// JIS X 0208 or 0212 follows) in `bytes`, when every byte is 7-bit as that encoding
  /// requires; nil otherwise. Such a file is valid UTF-8 too, and read as UTF-8 it shows
  /// escape characters and ASCII noise instead of Japanese.
  static func iso2022JPEscape(_ bytes: [UInt8]) -> Int? {
    // Most files hold no escape character at all: one `memchr` decides for them.
    let hasEscape = bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return false }
      return memchr(base, 0x1B, buffer.count) != nil
    }
    guard hasEscape else { return nil }
    var found: Int?
    for index in bytes.indices {
      let byte = bytes[index]
      if byte >= 0x80 { return nil }
      guard found == nil, byte == 0x1B, index + 2 < bytes.count, bytes[index + 1] == 0x24 else {
        continue
      }
      let next = bytes[index + 2]
      if next == 0x42 || next == 0x40
        || (next == 0x28 && index + 3 < bytes.count && bytes[index + 3] == 0x44)
      {
        found = index
      }
    }
    return found
  }

  /// UTF-16 or UTF-32 saved without a byte order mark, recognised by zero bytes in its first
  /// 256 bytes (at least a quarter of them; a caption file never holds NUL): UTF-32 when
  /// every 4-byte group has its two high bytes zero and is not all zero, else UTF-16 in the
  /// byte order that puts more zeros in high bytes.
  ///
  /// The confidence is the share of zeros on the chosen side less the share on the other
  /// (1 for UTF-32), times `1 - exp(-units / 8)` for the code units looked at, so a few
  /// characters give a low one.
  static func unmarkedWideEncoding(_ bytes: [UInt8]) -> (
    encoding: TextEncoding, confidence: Double
  )? {
    let sample = bytes.prefix(256)
    // Timing lines are ASCII, so wide caption files are at least a quarter zero bytes; a
    // stray NUL in a UTF-8 file is not enough.
    let zeros = sample.reduce(0) { $0 + ($1 == 0 ? 1 : 0) }
    guard sample.count >= 2, sample.count % 2 == 0, zeros > 0, zeros * 4 >= sample.count else {
      return nil
    }
    func confidence(_ consistency: Double, units: Int) -> Double {
      min(consistency * (1 - exp(-Double(units) / 8)), 0.99)
    }
    if sample.count % 4 == 0, bytes.count % 4 == 0 {
      let groups = stride(from: 0, to: sample.count, by: 4)
      if groups.allSatisfy({
        sample[$0 + 2] == 0 && sample[$0 + 3] == 0 && sample[$0] | sample[$0 + 1] != 0
      }) {
        return (.utf32LE, confidence(1, units: sample.count / 4))
      }
      if groups.allSatisfy({
        sample[$0] == 0 && sample[$0 + 1] == 0 && sample[$0 + 2] | sample[$0 + 3] != 0
      }) {
        return (.utf32BE, confidence(1, units: sample.count / 4))
      }
    }
    var zerosAtOdd = 0
    var zerosAtEven = 0
    for index in sample.indices where sample[index] == 0 {
      if index % 2 == 0 { zerosAtEven += 1 } else { zerosAtOdd += 1 }
    }
    let consistency = Double(abs(zerosAtOdd - zerosAtEven)) / Double(zeros)
    return (
      zerosAtOdd >= zerosAtEven ? .utf16LE : .utf16BE,
      confidence(consistency, units: sample.count / 2)
    )
  }

  /// Decodes a file that starts with the byte order mark of `declared`.
  private static func decodeMarked(
    _ bytes: [UInt8], as declared: TextEncoding, requested: TextEncoding?, file: String?
  ) -> DecodedText {
    var notes: [DecodingIssues.Note] = []
    if let requested, requested != declared {
      notes.append(
        DecodingIssues.Note(
          severity: .warning,
          message:
            "file starts with a \(declared.rawValue) byte order mark; decoded as "
            + "\(declared.rawValue), not \(requested.rawValue) as requested",
          decodedOffset: 0, hint: "leave out --encoding, or remove the byte order mark"))
    }
    if declared != .utf8 {
      notes.append(
        DecodingIssues.Note(
          severity: .warning,
          message: "file is not UTF-8; decoded as \(declared.rawValue) (byte order mark)",
          decodedOffset: 0, hint: "save the file as UTF-8"))
    }
    // Exactly one mark is removed, as the WHATWG decode algorithm does: a second one stays
    // as U+FEFF text for the format reader to judge (WebVTT then rejects the signature).
    let start = declared.byteOrderMark.count
    if declared == .utf8, notes.isEmpty {
      let valid = bytes.withUnsafeBufferPointer { UTF8Validation.scan($0, from: start) == nil }
      if valid { return DecodedText(utf8: Array(bytes[start...])) }
    }
    return decodeUnicode(bytes, as: declared, from: start, notes: notes, file: file)
  }

  private static func decodeUnicode(
    _ bytes: [UInt8], as encoding: TextEncoding, from start: Int,
    notes: [DecodingIssues.Note], file: String?
  ) -> DecodedText {
    var issues = DecodingIssues(encodingName: encoding.rawValue)
    issues.notes = notes
    let utf8 = bytes.withUnsafeBufferPointer { buffer -> [UInt8] in
      switch encoding {
      case .utf16LE, .utf16BE:
        return UnicodeDecoding.decodeUTF16(
          buffer, from: start, bigEndian: encoding == .utf16BE, issues: &issues)
      case .utf32LE, .utf32BE:
        return UnicodeDecoding.decodeUTF32(
          buffer, from: start, bigEndian: encoding == .utf32BE, issues: &issues)
      default:
        return UnicodeDecoding.repairUTF8(buffer, from: start, issues: &issues)
      }
    }
    return DecodedText(
      utf8: utf8, encoding: encoding, diagnostics: issues.diagnostics(in: utf8, file: file))
  }

  /// Decodes with a legacy page; `reason` (nil for none) explains the choice in the
  /// `file is not UTF-8` warning placed at `firstInvalid`, whose hint names `alternative`.
  private static func decodeLegacy(
    _ bytes: [UInt8], as encoding: TextEncoding, reason: String?,
    firstInvalid: UTF8Validation.Invalid?, file: String?, alternative: TextEncoding? = nil
  ) -> DecodedText {
    var issues = DecodingIssues(encodingName: encoding.rawValue)
    let mark = firstInvalid?.offset ?? bytes.count
    let (utf8, markOffset) = bytes.withUnsafeBufferPointer {
      LegacyDecoding.decode($0, from: 0, as: encoding, mark: mark, issues: &issues)
    }
    if let reason, let firstInvalid {
      var hint =
        firstInvalid.suggestsMixedEncodings
        ? "the file has UTF-8 text before this byte and may mix encodings: "
          + "save it all as UTF-8, or name its encoding with --encoding"
        : "save the file as UTF-8, or name its encoding with --encoding"
      if let alternative {
        hint += " (the next best guess is \(alternative.rawValue))"
      }
      issues.notes.insert(
        DecodingIssues.Note(
          severity: .warning,
          message: "file is not UTF-8; decoded as \(encoding.rawValue) (\(reason))",
          decodedOffset: markOffset, hint: hint), at: 0)
    }
    return DecodedText(
      utf8: utf8, encoding: encoding, diagnostics: issues.diagnostics(in: utf8, file: file))
  }
}
