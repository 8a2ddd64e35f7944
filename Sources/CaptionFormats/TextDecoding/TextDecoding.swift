public import CaptionCore

/// A text encoding captionkit can read.
public enum TextEncoding: String, Sendable, Hashable, CaseIterable {
  case utf8 = "UTF-8"
  case utf16LE = "UTF-16LE"
  case utf16BE = "UTF-16BE"
  case utf32LE = "UTF-32LE"
  case utf32BE = "UTF-32BE"
  case cp949 = "CP949"
  case shiftJIS = "Shift_JIS"
  case gb18030 = "GB18030"
  case windows1251 = "windows-1251"
  case windows1252 = "windows-1252"
  case windows1255 = "windows-1255"
  case windows1256 = "windows-1256"
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
/// then a legacy code page chosen from the language.
public enum TextDecoding {
  /// Decodes `bytes`. `encoding` forces an encoding (from `--encoding`); otherwise the
  /// language (from the file name or `--locale`) chooses the legacy page when the bytes are
  /// not UTF-8. `file` names the file in diagnostics.
  public static func decode(
    _ bytes: [UInt8], encoding: TextEncoding? = nil, language: LanguageTag? = nil,
    file: String? = nil
  ) -> DecodedText {
    // Placeholder until the full decoder lands: strip a UTF-8 BOM, assume UTF-8.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      return DecodedText(utf8: Array(bytes.dropFirst(3)))
    }
    return DecodedText(utf8: bytes)
  }
}
