public import CaptionCore

extension TextEncoding {
  /// The code page files in `language` were most often saved in before UTF-8, with the
  /// reason as a phrase for diagnostics (`chosen for language ko`).
  ///
  /// The primary language decides (`ko`, `ja`, `zh`/`yue`, `ar`/`fa`/`ur`, `he`/`yi`,
  /// `ru`/`uk`/`be`/`bg`/`mk`/`sr`), unless the tag names another script (`sr-Latn`); a
  /// script alone decides for other languages (`az-Cyrl` → windows-1251). Everything else is
  /// windows-1252.
  public static func legacy(for language: LanguageTag?) -> (encoding: TextEncoding, reason: String)
  {
    guard let language else {
      return (.windows1252, "the default when the language is not known")
    }
    let byLanguage = languageTable[language.language]
    let byScript = language.script.flatMap { scriptTable[$0] }
    if let byLanguage, language.script == nil || byScript == byLanguage {
      return (byLanguage, "chosen for language \(language.rawValue)")
    }
    if let byScript {
      return (byScript, "chosen for language \(language.rawValue)")
    }
    return (.windows1252, "the default for language \(language.rawValue)")
  }

  private static let languageTable: [String: TextEncoding] = [
    "ko": .cp949,
    "ja": .shiftJIS,
    "zh": .gb18030, "yue": .gb18030,
    "ar": .windows1256, "fa": .windows1256, "ur": .windows1256,
    "he": .windows1255, "iw": .windows1255, "yi": .windows1255,
    "ru": .windows1251, "uk": .windows1251, "be": .windows1251, "bg": .windows1251,
    "mk": .windows1251, "sr": .windows1251,
  ]

  private static let scriptTable: [String: TextEncoding] = [
    "Kore": .cp949, "Hang": .cp949,
    "Jpan": .shiftJIS, "Hira": .shiftJIS, "Kana": .shiftJIS,
    "Hans": .gb18030, "Hant": .gb18030, "Hani": .gb18030,
    "Arab": .windows1256,
    "Hebr": .windows1255,
    "Cyrl": .windows1251,
  ]

  /// The encoding a user names (`--encoding`): the names in `rawValue` and their usual
  /// aliases, ignoring case, `-` and `_` (`utf8`, `cp1252`, `sjis`, `euc-kr`, `latin1`).
  /// Encodings that are subsets of one captionkit reads map to it (EUC-KR → CP949,
  /// GBK and GB2312 → GB18030, ISO-8859-1 and ASCII → windows-1252, as browsers do).
  public init?(name: String) {
    let key = String(
      name.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != " " })
    guard let encoding = TextEncoding.aliases[key] else { return nil }
    self = encoding
  }

  private static let aliases: [String: TextEncoding] = {
    let names: [TextEncoding: [String]] = [
      .utf8: ["utf8"],
      .utf16LE: ["utf16le"],
      .utf16BE: ["utf16be"],
      .utf32LE: ["utf32le"],
      .utf32BE: ["utf32be"],
      .cp949: ["cp949", "ms949", "windows949", "uhc", "euckr", "ksc5601", "ksc56011987"],
      .shiftJIS: ["shiftjis", "sjis", "cp932", "ms932", "windows31j", "mskanji", "windows932"],
      .gb18030: ["gb18030", "gbk", "gb2312", "cp936", "ms936", "windows936", "euccn"],
      .windows1251: ["windows1251", "cp1251", "win1251"],
      .windows1252: [
        "windows1252", "cp1252", "win1252", "latin1", "iso88591", "l1", "ascii", "usascii",
      ],
      .windows1255: ["windows1255", "cp1255", "win1255"],
      .windows1256: ["windows1256", "cp1256", "win1256"],
    ]
    var table: [String: TextEncoding] = [:]
    for (encoding, keys) in names {
      for key in keys { table[key] = encoding }
    }
    return table
  }()
}
