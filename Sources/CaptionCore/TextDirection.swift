/// The direction a language is written in.
public enum TextDirection: String, Sendable, Hashable {
  case leftToRight = "ltr"
  case rightToLeft = "rtl"

  /// The direction of `language`: right to left for Arabic, Hebrew, Persian, Urdu and the
  /// other languages written in right-to-left scripts, or for any language with such a script
  /// subtag (`az-Arab`); left to right otherwise and for nil.
  public init(language: LanguageTag?) {
    guard let language else {
      self = .leftToRight
      return
    }
    if let script = language.script {
      self = TextDirection.rightToLeftScripts.contains(script) ? .rightToLeft : .leftToRight
      return
    }
    self =
      TextDirection.rightToLeftLanguages.contains(language.language) ? .rightToLeft : .leftToRight
  }

  /// ISO 15924 codes of scripts written right to left.
  static let rightToLeftScripts: Set<String> = [
    "Arab", "Hebr", "Thaa", "Syrc", "Nkoo", "Adlm", "Rohg", "Mand", "Samr",
  ]

  /// Languages whose usual script is written right to left.
  static let rightToLeftLanguages: Set<String> = [
    "ar", "he", "iw", "fa", "ur", "yi", "ps", "dv", "ug", "ckb", "sd", "syr", "arc",
  ]
}
