import CaptionCore

/// Placeholder until the shared ISO 639-2 conversion lands.
enum MediaLanguage {
  static func tag(fromContainerCode code: String) -> LanguageTag? {
    let table = [
      "eng": "en", "fre": "fr", "fra": "fr", "ger": "de", "deu": "de", "kor": "ko", "jpn": "ja",
      "spa": "es",
    ]
    if code == "und" { return nil }
    return LanguageTag(table[code] ?? code)
  }
}
