/// The writing systems the script checks tell apart.
public enum Script: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  case latin, greek, cyrillic, armenian, hebrew, arabic, devanagari, bengali, tamil, thai
  case georgian, hangul, kana, han, other

  /// The name in messages: `Latin`, `Hangul`.
  public var description: String {
    switch self {
    case .latin: return "Latin"
    case .greek: return "Greek"
    case .cyrillic: return "Cyrillic"
    case .armenian: return "Armenian"
    case .hebrew: return "Hebrew"
    case .arabic: return "Arabic"
    case .devanagari: return "Devanagari"
    case .bengali: return "Bengali"
    case .tamil: return "Tamil"
    case .thai: return "Thai"
    case .georgian: return "Georgian"
    case .hangul: return "Hangul"
    case .kana: return "Kana"
    case .han: return "Han"
    case .other: return "other"
    }
  }

  /// True for scripts written right to left.
  public var isRightToLeft: Bool { self == .hebrew || self == .arabic }

  /// The script of a letter, by Unicode block; nil for a scalar that is not a letter of a
  /// script told apart here (digits, punctuation, symbols, marks).
  public static func of(letter scalar: Unicode.Scalar) -> Script? {
    let v = scalar.value
    if v < 0x80 {
      return (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) ? .latin : nil
    }
    // The common letters first, without looking up Unicode properties.
    switch v {
    case 0xAC00...0xD7A3: return .hangul
    case 0x4E00...0x9FFF: return .han
    case 0x3041...0x3096, 0x30A1...0x30FA: return .kana
    case 0x0621...0x064A: return .arabic
    case 0x05D0...0x05EA: return .hebrew
    case 0x0410...0x044F: return .cyrillic
    case 0x00C0...0x00D6, 0x00D8...0x00F6, 0x00F8...0x017F: return .latin
    default: break
    }
    guard scalar.properties.isAlphabetic else { return nil }
    switch v {
    case 0x00C0...0x024F, 0x1E00...0x1EFF, 0xFF21...0xFF3A, 0xFF41...0xFF5A: return .latin
    case 0x0370...0x03FF, 0x1F00...0x1FFF: return .greek
    case 0x0400...0x052F: return .cyrillic
    case 0x0530...0x058F: return .armenian
    case 0x0590...0x05FF, 0xFB1D...0xFB4F: return .hebrew
    case 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFE:
      return .arabic
    case 0x0900...0x097F: return .devanagari
    case 0x0980...0x09FF: return .bengali
    case 0x0B80...0x0BFF: return .tamil
    case 0x0E00...0x0E7F: return .thai
    case 0x10A0...0x10FF: return .georgian
    case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF, 0xFFA0...0xFFDC: return .hangul
    case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return .kana
    case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return .han
    default: return .other
    }
  }

  /// The scripts a language is written in, by its primary subtag or its script subtag; nil
  /// when captionkit does not know the language.
  public static func expected(for language: String, script: String? = nil) -> Set<Script>? {
    if let script {
      switch script {
      case "Latn": return [.latin]
      case "Cyrl": return [.cyrillic]
      case "Arab": return [.arabic]
      case "Hebr": return [.hebrew]
      case "Grek": return [.greek]
      case "Hans", "Hant", "Hani": return [.han]
      case "Kore", "Hang": return [.hangul, .han]
      case "Jpan": return [.kana, .han]
      case "Deva": return [.devanagari]
      case "Thai": return [.thai]
      default: return nil
      }
    }
    switch language {
    case "ko": return [.hangul, .han]
    case "ja": return [.kana, .han]
    case "zh", "yue", "cmn": return [.han]
    case "ar", "fa", "ur", "ps", "ckb": return [.arabic]
    case "he", "yi": return [.hebrew]
    case "ru", "uk", "be", "bg", "mk", "kk", "ky", "mn", "tg": return [.cyrillic]
    case "sr": return [.cyrillic, .latin]
    case "el": return [.greek]
    case "hy": return [.armenian]
    case "ka": return [.georgian]
    case "hi", "mr", "ne", "sa": return [.devanagari]
    case "bn", "as": return [.bengali]
    case "ta": return [.tamil]
    case "th": return [.thai]
    case "en", "fr", "de", "es", "pt", "it", "nl", "sv", "da", "no", "nb", "nn", "fi", "is",
      "pl", "cs", "sk", "sl", "hr", "bs", "hu", "ro", "tr", "az", "uz", "id", "ms", "vi", "tl",
      "fil", "sw", "ca", "eu", "gl", "ga", "cy", "et", "lv", "lt", "sq", "mt", "af", "zu",
      "xh", "yo", "ig", "ha", "so", "eo", "la":
      return [.latin]
    default: return nil
    }
  }
}

/// Letters counted per script over a track.
public struct ScriptCounts: Sendable, Hashable {
  private var counts = [Int](repeating: 0, count: Script.allCases.count)

  public init() {}

  public subscript(script: Script) -> Int {
    get { counts[script.rawValue] }
    set { counts[script.rawValue] = newValue }
  }

  public var total: Int { counts.reduce(0, +) }

  /// Adds the counts of `other`.
  mutating func add(_ other: ScriptCounts) {
    for index in counts.indices { counts[index] += other.counts[index] }
  }

  /// The script with the most letters among those not in `excluded`, with its count.
  public func dominant(excluding excluded: Set<Script> = []) -> (script: Script, count: Int)? {
    var best: (Script, Int)?
    for script in Script.allCases where !excluded.contains(script) && script != .other {
      let count = counts[script.rawValue]
      if count > 0, count > best?.1 ?? 0 { best = (script, count) }
    }
    return best
  }
}
