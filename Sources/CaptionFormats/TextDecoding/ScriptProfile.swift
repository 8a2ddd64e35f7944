/// How plausible decoded characters are as text of one language or script: the model the
/// encoding detector scores each candidate decoding with.
///
/// Each non-ASCII character earns points, from about 1 (a common letter of the language)
/// down to -4 (an undecodable byte); the average over a decoding is its score.
struct ScriptProfile: Sendable {
  enum Kind: Sendable {
    /// A language written with an alphabet: its letters, most frequent first, and its
    /// script. Latin languages list only their letters outside ASCII.
    case alphabet(letters: [UInt32: Double], script: Script)
    case korean
    case japanese
    case chinese(traditional: Bool)
  }

  /// The writing systems the detector tells apart.
  enum Script: Sendable, Equatable {
    case latin, greek, cyrillic, hebrew, arabic, hangul, kana, han, other
  }

  /// Where a character stands among its neighbours.
  struct Context: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    /// In a word whose case is neither all lower, all upper nor capitalized (`УЕЕе`).
    static let irregularCase = Context(rawValue: 1)
    /// Next to an ASCII letter, as the letters of a Latin word are.
    static let besideASCIILetter = Context(rawValue: 2)
    /// Between two other non-ASCII letters.
    static let insideNonASCIIRun = Context(rawValue: 4)
    /// After a character that is no letter and before a letter.
    static let opensWord = Context(rawValue: 8)
    /// In a word of two letters or more, none of them ASCII.
    static let wordWithoutASCII = Context(rawValue: 16)
  }

  let name: String
  let kind: Kind

  /// Points for one occurrence of `scalar` in `context`.
  func points(_ scalar: Unicode.Scalar, _ context: Context) -> Double {
    let value = scalar.value
    if value == 0xFFFD { return -4 }
    if value < 0xA0 || (0xE000...0xF8FF).contains(value) || (0xFFF0...0xFFFF).contains(value) {
      return -3
    }
    let script = ScriptProfile.script(of: value)
    switch kind {
    case .alphabet(let letters, let own):
      return alphabetPoints(scalar, script: script, context, letters: letters, own: own)
    case .korean:
      if script == .hangul {
        if (0x3131...0x318E).contains(value) { return 0.3 }
        if CommonCharacters.korean.contains(value) { return 1 }
        return CommonCharacters.ksHangul.contains(value) ? 0.4 : -0.3
      }
      if script == .han { return 0 }
      return cjkOtherPoints(value, script: script, context)
    case .japanese:
      if script == .kana {
        if (0x3041...0x309F).contains(value) { return 1 }
        if (0xFF61...0xFF9F).contains(value) { return 0 }
        return 0.8
      }
      if script == .han {
        if CommonCharacters.japanese.contains(value) { return 1 }
        return CommonCharacters.jisLevel1.contains(value) ? 0.5 : 0
      }
      return cjkOtherPoints(value, script: script, context)
    case .chinese(let traditional):
      if script == .han {
        let common = traditional ? CommonCharacters.traditional : CommonCharacters.simplified
        if common.contains(value) { return 1 }
        let frequent = traditional ? CommonCharacters.big5Frequent : CommonCharacters.gbLevel1
        return frequent.contains(value) ? 0.5 : 0
      }
      if script == .kana { return -0.5 }
      if (0x3100...0x312F).contains(value) { return traditional ? 0.3 : -0.5 }
      return cjkOtherPoints(value, script: script, context)
    }
  }

  private func alphabetPoints(
    _ scalar: Unicode.Scalar, script: Script, _ context: Context, letters: [UInt32: Double],
    own: Script
  ) -> Double {
    let value = scalar.value
    let isMark = scalar.properties.generalCategory == .nonspacingMark
    guard scalar.properties.isAlphabetic || isMark else {
      return ScriptProfile.symbolPoints(value, context, cjk: false)
    }
    guard script == own else { return -1 }
    var points: Double
    if let weight = letters[value] ?? letters[ScriptProfile.lowercase(scalar)] {
      points = weight
    } else {
      points = own == .latin ? -0.3 : -0.5
    }
    if context.contains(.irregularCase) { points -= 1 }
    if own == .latin {
      if context.contains(.insideNonASCIIRun) { points -= 0.5 }
      // Latin words have ASCII letters (`à` and `é` alone are words, `ëï` is not).
      if context.contains(.wordWithoutASCII) { points -= 1 }
    } else if context.contains(.besideASCIILetter) {
      points -= 1
    }
    return points
  }

  /// Points in a CJK profile for what is not a syllable, kana or ideograph of the language.
  private func cjkOtherPoints(_ value: UInt32, script: Script, _ context: Context) -> Double {
    switch script {
    case .hangul, .kana, .han, .latin, .greek, .cyrillic, .hebrew, .arabic: return -1
    case .other: return ScriptProfile.symbolPoints(value, context, cjk: true)
    }
  }

  /// Punctuation common in captions earns points; other symbols cost them. A closing quote
  /// that opens a word is what an ISO page makes of a Windows page's accented capital
  /// (windows-1253 `Ά` read as ISO-8859-7).
  static func symbolPoints(_ value: UInt32, _ context: Context, cjk: Bool) -> Double {
    if value == 0x2019, context.contains(.opensWord) { return -0.5 }
    if commonPunctuation.contains(value) { return 0.8 }
    if (0x3000...0x303F).contains(value) || (0xFF01...0xFF60).contains(value) {
      return cjk ? 0.8 : -1
    }
    if cjk, (0x2460...0x24FF).contains(value) || (0x2160...0x217F).contains(value) { return 0 }
    return -1
  }

  /// Punctuation and signs that captions in every script use.
  static let commonPunctuation: Set<UInt32> = [
    0xA0, 0xA1, 0xA3, 0xA9, 0xAB, 0xAE, 0xB0, 0xB7, 0xBB, 0xBF, 0x2010, 0x2013, 0x2014,
    0x2018, 0x2019, 0x201A, 0x201C, 0x201D, 0x201E, 0x2022, 0x2026, 0x2039, 0x203A, 0x20AC,
    0x20AA, 0x2116, 0x2122, 0x200E, 0x200F, 0x060C, 0x061B, 0x061F, 0x0640, 0x05BE, 0x05F3,
    0x05F4, 0x266A, 0x266B,
  ]

  static func lowercase(_ scalar: Unicode.Scalar) -> UInt32 {
    scalar.properties.lowercaseMapping.unicodeScalars.first?.value ?? scalar.value
  }

  static func script(of value: UInt32) -> Script {
    switch value {
    case 0xC0...0x24F, 0x1E00...0x1EFF: return value == 0xD7 || value == 0xF7 ? .other : .latin
    case 0x370...0x3FF, 0x1F00...0x1FFF: return .greek
    case 0x400...0x52F: return .cyrillic
    case 0x591...0x5F4, 0xFB1D...0xFB4F: return .hebrew
    case 0x600...0x6FF, 0x750...0x77F, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return .arabic
    case 0x1100...0x11FF, 0x3131...0x318E, 0xAC00...0xD7A3: return .hangul
    case 0x3041...0x30FF, 0xFF66...0xFF9F, 0x31F0...0x31FF: return .kana
    case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return .han
    default: return .other
    }
  }

  /// An alphabet profile from letters listed most frequent first: the first earns 1 point,
  /// the last 0.4, or 0.7 for the accented letters of a Latin language, which are all
  /// ordinary.
  static func alphabet(_ name: String, _ script: Script, _ letters: String) -> ScriptProfile {
    let scalars = letters.unicodeScalars.filter { $0 != " " }.map(\.value)
    let spread = script == .latin ? 0.3 : 0.6
    var table: [UInt32: Double] = [:]
    for (rank, value) in scalars.enumerated() where table[value] == nil {
      table[value] = 1 - spread * Double(rank) / Double(max(scalars.count - 1, 1))
    }
    return ScriptProfile(name: name, kind: .alphabet(letters: table, script: script))
  }
}
