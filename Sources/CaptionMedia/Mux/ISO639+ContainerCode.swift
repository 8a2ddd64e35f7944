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

  /// The terminology form of a bibliographic code (`fra` for `fre`), which MOV needs: FFmpeg's
  /// MOV muxer drops a bibliographic code without a word. Other codes are returned as they
  /// are.
  static func terminologyCode(_ code: String) -> String {
    let lower = code.lowercased()
    guard bibliographic.contains(lower), let short = twoLetter[lower] else { return code }
    return twoLetter.first { $0.value == short && $0.key != lower }?.key ?? code
  }

  /// The ISO 639-2 code a container stores for `tag` (`fre` for `fr-CA`, `yue` for `yue`);
  /// `und` for nil or a language without a three-letter code.
  static func containerCode(for tag: LanguageTag?) -> String {
    guard let language = tag?.language.lowercased() else { return "und" }
    if language.count == 3 { return language }
    return threeLetter[language] ?? "und"
  }
}
