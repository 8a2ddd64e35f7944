public import CaptionCore

extension TextEncoding {
  /// The code pages files in `language` were most often saved in before UTF-8, the most
  /// likely first; empty when the language says nothing about them. The detector raises
  /// the score of these pages, the first one most.
  ///
  /// The primary language decides (`ko`, `ja`, `zh`, `ar`, `he`, `ru`, `pl`, `el`, `tr`,
  /// `fr`, ...), unless the tag names another script (`sr-Latn`); a script alone decides
  /// for other languages (`az-Cyrl` → windows-1251). Chinese tags that name traditional
  /// characters (`zh-Hant`, `zh-TW`, `zh-HK`, `zh-MO`) and Cantonese put Big5 first.
  public static func legacyHints(for language: LanguageTag?) -> [TextEncoding] {
    guard let language else { return [] }
    if language.language == "zh" || language.language == "yue" {
      let traditional =
        language.script == "Hant"
        || (language.script == nil
          && (language.language == "yue" || ["TW", "HK", "MO"].contains(language.region ?? "")))
      if let script = language.script, !["Hans", "Hant", "Hani"].contains(script) { return [] }
      return traditional ? [.big5, .gb18030] : [.gb18030, .big5]
    }
    let byLanguage = languageTable[language.language]
    let byScript = language.script.flatMap { scriptTable[$0] }
    if let byLanguage, language.script == nil || byScript?.first == byLanguage.first {
      return byLanguage
    }
    return byScript ?? []
  }

  private static let western: [TextEncoding] = [.windows1252]
  private static let central: [TextEncoding] = [.windows1250, .iso88592]
  private static let cyrillic: [TextEncoding] = [.windows1251, .iso88595]

  private static let languageTable: [String: [TextEncoding]] = {
    var table: [String: [TextEncoding]] = [
      "ko": [.cp949], "ja": [.shiftJIS, .eucJP],
      "ar": [.windows1256], "fa": [.windows1256], "ur": [.windows1256],
      "he": [.windows1255, .iso88598], "iw": [.windows1255, .iso88598],
      "yi": [.windows1255, .iso88598],
      "el": [.windows1253, .iso88597],
      "tr": [.windows1254], "az": [.windows1254],
    ]
    for code in ["be", "bg", "mk", "sr"] { table[code] = cyrillic }
    // KOI8-R was written for Russian, KOI8-U for Ukrainian.
    table["ru"] = [.windows1251, .koi8R, .iso88595]
    table["uk"] = [.windows1251, .koi8U, .iso88595]
    for code in ["pl", "cs", "sk", "hu", "sl", "hr", "bs", "ro", "sq"] { table[code] = central }
    for code in [
      "en", "fr", "de", "es", "pt", "it", "nl", "sv", "da", "no", "nb", "nn", "fi", "is", "ca",
      "gl", "eu", "ga", "af", "id", "ms",
    ] {
      table[code] = western
    }
    return table
  }()

  private static let scriptTable: [String: [TextEncoding]] = [
    "Kore": [.cp949], "Hang": [.cp949],
    "Jpan": [.shiftJIS, .eucJP], "Hira": [.shiftJIS, .eucJP], "Kana": [.shiftJIS, .eucJP],
    "Arab": [.windows1256],
    "Hebr": [.windows1255, .iso88598],
    "Cyrl": cyrillic,
    "Grek": [.windows1253, .iso88597],
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
      .eucJP: ["eucjp", "eucjpms", "ujis", "xeucjp"],
      .iso2022JP: ["iso2022jp", "iso2022jp2", "csiso2022jp", "jis"],
      .gb18030: ["gb18030", "gbk", "gb2312", "cp936", "ms936", "windows936", "euccn"],
      .big5: ["big5", "cp950", "ms950", "windows950", "big5eten"],
      .windows1250: ["windows1250", "cp1250", "win1250"],
      .windows1251: ["windows1251", "cp1251", "win1251"],
      .windows1252: [
        "windows1252", "cp1252", "win1252", "latin1", "iso88591", "l1", "ascii", "usascii",
      ],
      .windows1253: ["windows1253", "cp1253", "win1253"],
      .windows1254: ["windows1254", "cp1254", "win1254", "iso88599", "latin5", "l5"],
      .windows1255: ["windows1255", "cp1255", "win1255"],
      .windows1256: ["windows1256", "cp1256", "win1256"],
      .iso88592: ["iso88592", "latin2", "l2"],
      .iso88595: ["iso88595"],
      .iso88597: ["iso88597", "greek"],
      .iso88598: ["iso88598", "hebrew"],
      .koi8R: ["koi8r", "koi8"],
      .koi8U: ["koi8u"],
    ]
    var table: [String: TextEncoding] = [:]
    for (encoding, keys) in names {
      for key in keys { table[key] = encoding }
    }
    return table
  }()
}
