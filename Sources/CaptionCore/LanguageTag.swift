/// A BCP 47 language tag (RFC 5646), checked for well-formedness and kept in canonical case:
/// language and extensions lowercase, script titlecase (`Hant`), region uppercase (`BR`).
///
/// Well-formed is a matter of syntax only: `xx-Abcd` is well-formed even though no such
/// language is registered.
public struct LanguageTag: Sendable, Hashable, CustomStringConvertible {
  /// The tag in canonical case, such as `pt-BR` or `zh-Hant-TW`.
  public let rawValue: String
  /// The primary language subtag, lowercase (`pt`); for a private-use tag, `x`.
  public let language: String
  /// The extended language subtags, lowercase (`yue` in `zh-yue`).
  public let extendedLanguages: [String]
  /// The script subtag, titlecase (`Hant`), or nil.
  public let script: String?
  /// The region subtag, uppercase (`BR`, `419`), or nil.
  public let region: String?

  public var description: String { rawValue }

  /// Parses a tag; nil when it is not well-formed. Underscores are not accepted
  /// (`pt_BR` is a locale identifier, not a language tag).
  public init?(_ string: String) {
    let lower = string.lowercased()
    if let grandfathered = LanguageTag.grandfathered[lower] {
      let primary = lower.prefix { $0 != "-" }
      self.init(raw: grandfathered, language: String(primary), script: nil, region: nil)
      return
    }
    let parts = lower.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    guard let first = parts.first, parts.allSatisfy({ !$0.isEmpty && $0.count <= 8 }),
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
    else { return nil }

    var canonical: [String] = []
    var index = 0
    var script: String?
    var region: String?
    var extlangs: [String] = []
    let language: String

    func isAlpha(_ s: String) -> Bool { s.allSatisfy { $0.isLetter } }
    func isDigit(_ s: String) -> Bool { s.allSatisfy { $0.isNumber } }

    if first == "x" {
      language = "x"
    } else {
      guard isAlpha(first), (2...8).contains(first.count) else { return nil }
      language = first
      canonical.append(first)
      index = 1
      if first.count <= 3 {
        while index < parts.count, extlangs.count < 3, parts[index].count == 3,
          isAlpha(parts[index])
        {
          extlangs.append(parts[index])
          canonical.append(parts[index])
          index += 1
        }
      }
      if index < parts.count, parts[index].count == 4, isAlpha(parts[index]) {
        let titled = parts[index].prefix(1).uppercased() + parts[index].dropFirst()
        script = titled
        canonical.append(titled)
        index += 1
      }
      if index < parts.count,
        (parts[index].count == 2 && isAlpha(parts[index]))
          || (parts[index].count == 3 && isDigit(parts[index]))
      {
        region = parts[index].uppercased()
        canonical.append(parts[index].uppercased())
        index += 1
      }
      var variants: Set<String> = []
      while index < parts.count {
        let part = parts[index]
        let isVariant =
          (5...8).contains(part.count)
          || (part.count == 4 && part.first.map { $0.isNumber } == true)
        guard isVariant else { break }
        guard variants.insert(part).inserted else { return nil }
        canonical.append(part)
        index += 1
      }
      var singletons: Set<String> = []
      while index < parts.count, parts[index].count == 1, parts[index] != "x" {
        guard singletons.insert(parts[index]).inserted else { return nil }
        canonical.append(parts[index])
        index += 1
        let start = index
        while index < parts.count, parts[index].count >= 2 {
          canonical.append(parts[index])
          index += 1
        }
        guard index > start else { return nil }
      }
    }
    if index < parts.count {
      guard parts[index] == "x", index + 1 < parts.count else { return nil }
      canonical.append(contentsOf: parts[index...])
      index = parts.count
    }
    self.init(
      raw: canonical.joined(separator: "-"), language: language, script: script, region: region,
      extendedLanguages: extlangs)
  }

  private init(
    raw: String, language: String, script: String?, region: String?,
    extendedLanguages: [String] = []
  ) {
    self.rawValue = raw
    self.language = language
    self.script = script
    self.region = region
    self.extendedLanguages = extendedLanguages
  }

  /// Tags registered before RFC 4646 that do not fit the grammar, in canonical case.
  private static let grandfathered: [String: String] = {
    let tags = [
      "en-GB-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux",
      "i-mingo", "i-navajo", "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-BE-FR", "sgn-BE-NL",
      "sgn-CH-DE", "art-lojban", "cel-gaulish", "no-bok", "no-nyn", "zh-guoyu", "zh-hakka",
      "zh-min", "zh-min-nan", "zh-xiang",
    ]
    var table: [String: String] = [:]
    for tag in tags { table[tag.lowercased()] = tag }
    return table
  }()
}
