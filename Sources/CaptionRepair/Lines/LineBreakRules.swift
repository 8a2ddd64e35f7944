/// Which characters a line may be broken at, and how good each break is: the character
/// classes of the line breaking (white space, ideographs, the punctuation a line may not start
/// or end with) and the penalty of each kind of break.
enum LineBreakRules {
  /// White space a line may break at. No-break spaces (U+00A0, U+2007, U+202F) are not: they
  /// hold a word together.
  static func isBreakableSpace(_ character: Character) -> Bool {
    if character == "\r\n" { return true }
    guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else {
      return false
    }
    switch scalar.value {
    case 0x09...0x0D, 0x20, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x2028, 0x2029, 0x205F,
      0x3000:
      return true
    default: return false
    }
  }

  /// A line break, as the readability rules count lines.
  static func isNewline(_ character: Character) -> Bool {
    character == "\n" || character == "\r\n"
  }

  /// Characters of the scripts written without spaces that a line may break between (UAX #14's
  /// ideographic class and its neighbours): Han, kana, Bopomofo, CJK punctuation and symbols,
  /// full-width forms. Hangul is not: Korean breaks at spaces.
  static func isIdeographic(_ character: Character) -> Bool {
    guard let value = character.unicodeScalars.first?.value else { return false }
    switch value {
    case 0x2E80...0x2FDF,  // radicals
      0x3000...0x303F,  // CJK symbols and punctuation
      0x3040...0x30FF,  // hiragana, katakana
      0x3100...0x312F, 0x31A0...0x31BF,  // Bopomofo
      0x31C0...0x31FF,  // strokes, katakana extensions
      0x3200...0x33FF,  // enclosed and compatibility forms
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,  // Han
      0xFE30...0xFE4F,  // compatibility forms
      0xFF00...0xFFEF,  // full-width and half-width forms
      0x20000...0x3FFFF:  // Han, supplementary planes
      return true
    default: return false
    }
  }

  /// Characters a line may not start with (Japanese kinsoku shori, also used for Chinese):
  /// closing brackets and quotes, stops and commas, small kana, the prolonged sound mark,
  /// iteration marks, ellipses.
  static let noLineStart: Set<Character> = Set(
    "、。，．：；？！‼⁇⁈⁉）〕］｝〉》」』】〙〗〟’”｠»ゝゞ々ー〻ァィゥェォッャュョヮヵヶぁぃぅぇぉっゃゅょゎゕゖ"
      + "ㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ・…‥゠〜～｡｣､･ｰｧｨｩｪｫｬｭｮｯ,.:;?!)]}%")

  /// Characters a line may not end with: opening brackets and quotes.
  static let noLineEnd: Set<Character> = Set("（〔［｛〈《「『【〘〖〝‘“｟«([{｢")

  /// Stops that end a sentence.
  static let sentenceEnds: Set<Character> = Set(".!?‽。！？．‼⁇⁈⁉｡")
  /// Punctuation that ends a clause.
  static let clauseEnds: Set<Character> = Set(",;:、，；：—–､")
  /// Closing quotes and brackets, looked past for the punctuation before them.
  static let closers: Set<Character> = Set("\"'”’»)]}」』）】〉》〕］｝｣")
  /// Dashes that open a line of dialogue (`- Hello.`) or stand between clauses.
  static let dashes: Set<Character> = Set("-‐‑–—―－")
  /// Japanese particles that end a phrase (bunsetsu).
  static let particles: Set<Character> = Set("はがをにでともへや")
  /// Chinese conjunctions a line is better broken before.
  static let chineseConjunctions = ["但是", "可是", "因为", "所以", "而且", "如果", "虽然", "或者", "然后"]

  /// The penalty of each kind of break, in the units of the balance cost (the square of a
  /// line's distance from the balanced length, in characters).
  enum Penalty {
    static let sentence = 0.0
    static let clause = 10.0
    static let ellipsis = 5.0
    static let beforeConjunction = 25.0
    static let word = 100.0
    static let afterFunctionWord = 300.0
  }

  /// The penalty and kind of a break between `before` and `after`, the text on either side
  /// up to the next places a line may break. `betweenCharacters` is true for a break with
  /// no white space, between characters of a script written without spaces.
  static func rate(
    before: String, after: String, betweenCharacters: Bool, words: PhraseWords,
    language: String?
  ) -> (penalty: Double, boundary: LineBreaker.Boundary) {
    let meaningful = before.reversed().drop { closers.contains($0) }
    let last = meaningful.first
    let lowered = before.lowercased()
    if let last, sentenceEnds.contains(last) {
      let ellipsis = last == "." && meaningful.dropFirst().first == "."
      if ellipsis { return (Penalty.ellipsis, .phrase) }
      if !isAbbreviation(lowered) { return (Penalty.sentence, .sentence) }
    }
    if last == "…" || last == "‥" { return (Penalty.ellipsis, .phrase) }
    if let last, clauseEnds.contains(last) { return (Penalty.clause, .phrase) }
    if after.count == 1, let first = after.first, dashes.contains(first) {
      return (Penalty.clause, .phrase)
    }
    if betweenCharacters, let end = before.last, closers.contains(end) { return (15, .phrase) }
    if betweenCharacters {
      return rateBetweenCharacters(before: before, after: after, language: language)
    }
    if words.keepWithNext.contains(trimmed(lowered)) || words.keepWithNext.contains(lowered)
      || isInitial(before)
    {
      return (Penalty.afterFunctionWord, .word)
    }
    if words.breakBefore.contains(trimmed(after.lowercased())) {
      return (Penalty.beforeConjunction, .phrase)
    }
    return (Penalty.word, .word)
  }

  /// Between two characters of a script written without spaces: after a Japanese particle
  /// or before a Chinese conjunction is best, inside a run of katakana or after a number
  /// worst.
  private static func rateBetweenCharacters(before: String, after: String, language: String?)
    -> (penalty: Double, boundary: LineBreaker.Boundary)
  {
    guard let a = before.last, let b = after.first else { return (Penalty.word, .word) }
    if language == "zh" || language == nil,
      chineseConjunctions.contains(where: { after.hasPrefix($0) })
    {
      return (Penalty.beforeConjunction, .phrase)
    }
    if noLineEnd.contains(b) { return (15, .phrase) }
    let kindA = Kind(a)
    let kindB = Kind(b)
    if language != "zh", kindA == .hiragana, particles.contains(a), kindB != .hiragana {
      return (20, .word)
    }
    switch (kindA, kindB) {
    case (.hiragana, .han), (.hiragana, .katakana), (.other, .han), (.han, .other):
      return (35, .word)
    case (.digit, _): return (80, .word)
    case (.katakana, .katakana): return (80, .word)
    case (.han, .hiragana): return (60, .word)
    default: return (50, .word)
    }
  }

  private enum Kind {
    case han, hiragana, katakana, digit, other

    init(_ character: Character) {
      let value = character.unicodeScalars.first?.value ?? 0
      switch value {
      case 0x3041...0x309F: self = .hiragana
      case 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: self = .katakana
      case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: self = .han
      case 0x30...0x39, 0xFF10...0xFF19: self = .digit
      default: self = .other
      }
    }
  }

  /// A word without the punctuation around it (`"and,"` is `and`), apostrophes kept.
  static func trimmed(_ word: String) -> String {
    func isWordCharacter(_ character: Character) -> Bool {
      character.isLetter || character.isNumber || character == "'" || character == "’"
    }
    let start = word.firstIndex(where: isWordCharacter) ?? word.endIndex
    guard let last = word.lastIndex(where: isWordCharacter) else { return "" }
    return String(word[start...last])
  }

  /// Titles and initials after which a full stop does not end a sentence (`Mr.`, `e.g.`,
  /// `J.`).
  private static func isAbbreviation(_ lowered: String) -> Bool {
    let titles: Set<String> = [
      "mr.", "mrs.", "ms.", "dr.", "prof.", "st.", "mt.", "vs.", "m.", "sr.", "sra.",
    ]
    if titles.contains(lowered) { return true }
    let letters = lowered.filter { $0 != "." }
    // `e.g.`, `U.S.`, `J.`: letters each followed by a full stop.
    return lowered.hasSuffix(".") && !letters.isEmpty
      && lowered.count == letters.count * 2 && letters.allSatisfy(\.isLetter)
  }

  /// A single capital letter and a full stop: an initial, kept with the name after it.
  private static func isInitial(_ word: String) -> Bool {
    word.count == 2 && word.last == "." && word.first?.isUppercase == true
  }
}
