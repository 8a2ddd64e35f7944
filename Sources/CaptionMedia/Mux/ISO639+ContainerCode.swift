import CaptionCore

extension ISO639 {
  /// The ISO 639-2 bibliographic codes that differ from their terminology twins; Matroska
  /// stores these, and FFmpeg's MP4 muxer turns either form into them.
  static let bibliographic: Set<String> = [
    "alb", "arm", "baq", "bur", "chi", "cze", "dut", "fre", "geo", "ger", "gre", "ice", "mac",
    "mao", "may", "per", "rum", "slo", "tib", "wel",
  ]

  /// The three-letter code for each two-letter one: the bibliographic form where there are
  /// two.
  static let threeLetter: [String: String] = {
    var table: [String: String] = [:]
    for (code, short) in twoLetter where table[short] == nil || bibliographic.contains(code) {
      table[short] = code
    }
    return table
  }()

  /// The form of a language with two ISO 639-2 codes that FFmpeg's MOV muxer stores. Its
  /// table of QuickTime language codes holds one of the two (`ger` but not `deu`, `fra` but
  /// not `fre`), and it drops the other without a word; Maori (`mao`, `mri`) is in neither.
  /// Checked against FFmpeg 5.1 by writing each code to a `.mov` and reading it back.
  static let movForm: [String: String] = {
    // The pairs whose table entry is the terminology code; the others hold the bibliographic.
    let terminologyStored: Set<String> = ["ces", "fra", "ron", "slk"]
    var table: [String: String] = [:]
    for code in bibliographic where code != "mao" {
      guard let short = twoLetter[code],
        let twin = twoLetter.first(where: { $0.value == short && $0.key != code })?.key
      else { continue }
      let stored = terminologyStored.contains(twin) ? twin : code
      table[code] = stored
      table[twin] = stored
    }
    return table
  }()

  /// The code to give FFmpeg's MOV muxer for `code`: the form of its table where a language
  /// has two; other codes as they are (a code the table lacks is dropped by the muxer, which
  /// the mux reports after reading the file back).
  static func movCode(_ code: String) -> String {
    movForm[code.lowercased()] ?? code
  }

  /// The ISO 639-2 code a container stores for `tag` (`fre` for `fr-CA`, `yue` for `yue`);
  /// `und` for nil or a language without a three-letter code.
  static func containerCode(for tag: LanguageTag?) -> String {
    guard let language = tag?.language.lowercased() else { return "und" }
    if language.count == 3 { return language }
    return threeLetter[language] ?? "und"
  }
}
