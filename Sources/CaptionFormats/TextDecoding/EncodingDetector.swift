public import CaptionCore
import Glibc

/// Guesses the legacy encoding of bytes that are not UTF-8 from what they decode to.
///
/// Each candidate page decodes a sample of at most 64 KiB, from just before the first byte
/// outside ASCII to the line with the 4,096th such byte. The non-ASCII characters of each
/// decoding earn points against the languages written in that page (`ScriptProfile`):
/// common letters, syllables and ideographs earn up to 1 point, unlikely symbols, C1
/// controls, mixed scripts and undecodable bytes cost points. The best average wins; the
/// pages the file name's language suggests get a bonus, so the language decides when the
/// content cannot.
public enum EncodingDetector {
  /// How many bytes the detector reads at most.
  public static let sampleLimit = 1 << 16
  /// How many bytes outside ASCII are enough to decide: the detector stops at the end of
  /// the line that holds this many.
  public static let nonASCIILimit = 4096

  /// A detector's verdict.
  public struct Guess: Sendable, Equatable {
    public var encoding: TextEncoding
    /// From 0 to 1: how plausible the decoded text is, times how clearly it beats the next
    /// best candidate that decodes the bytes to a different text.
    public var confidence: Double
    /// True when the language raised this encoding's score.
    public var hinted: Bool
    /// The next best candidate that reads the bytes differently, if any.
    public var runnerUp: TextEncoding?
  }

  /// The candidates, in the order that breaks ties: Windows pages before the ISO pages that
  /// read plain letters the same way, KOI8-R before KOI8-U (they read Russian alike).
  public static let candidates: [TextEncoding] = [
    .windows1252, .windows1250, .windows1251, .windows1253, .windows1254, .windows1255,
    .windows1256, .iso88592, .iso88595, .iso88597, .iso88598, .koi8R, .koi8U, .cp949,
    .shiftJIS, .eucJP, .gb18030, .big5,
  ]

  /// Score bonus for the first page the language suggests, and for the others: a fixed part
  /// and a part spread over the characters, which decides short files.
  static func hintBonus(first: Bool, characters: Int) -> Double {
    (first ? 0.1 : 0.05) + (first ? 2 : 1) / Double(max(characters, 1))
  }

  /// Guesses the encoding of `bytes`, which are not valid UTF-8. `language` (from the file
  /// name or `--locale`) raises the pages it suggests.
  public static func guess(_ bytes: [UInt8], language: LanguageTag? = nil) -> Guess {
    let ranked = ranking(bytes, language: language)
    let best = ranked[0]
    let runnerUp = ranked.first { $0.text != best.text }
    let plausibility = min(max(best.score / 0.75, 0), 1)
    var separation = 1.0
    if let runnerUp {
      let margin = best.total - runnerUp.total
      separation = 1 / (1 + exp(-2 * margin * Double(max(best.count, 1))))
    }
    return Guess(
      encoding: best.encoding, confidence: min(plausibility * separation, 0.99),
      hinted: best.bonus > 0, runnerUp: runnerUp?.encoding)
  }

  /// One candidate's result: its average points, the language bonus, a hash of the text it
  /// decodes to, and how many non-ASCII characters that text has.
  struct Candidate {
    var encoding: TextEncoding
    var score: Double
    var bonus: Double
    var text: Int
    var count: Int
    var total: Double { score + bonus }
  }

  /// Every candidate, best first; among equals, in the order of `candidates`.
  static func ranking(_ bytes: [UInt8], language: LanguageTag?) -> [Candidate] {
    let hints = TextEncoding.legacyHints(for: language)
    let range = sampleRange(bytes)
    var scored: [Candidate] = []
    bytes.withUnsafeBufferPointer { buffer in
      let sample = UnsafeBufferPointer(rebasing: buffer[range])
      for encoding in candidates {
        var issues = DecodingIssues(encodingName: encoding.rawValue)
        let decoded = LegacyDecoding.decode(
          sample, from: 0, as: encoding, mark: sample.count, issues: &issues
        ).utf8
        let features = Features(decoded)
        let score = profiles(for: encoding).map { features.score(with: $0) }.max() ?? -4
        let bonus =
          hints.contains(encoding)
          ? hintBonus(first: hints.first == encoding, characters: features.count) : 0
        scored.append(
          Candidate(
            encoding: encoding, score: score, bonus: bonus, text: decoded.hashValue,
            count: features.count))
      }
    }
    var ranked = scored.enumerated().sorted {
      $0.element.total != $1.element.total
        ? $0.element.total > $1.element.total : $0.offset < $1.offset
    }
    // Pages that read the sample as the same text are one guess, named by the first of them
    // in `candidates`, whatever tiny differences their language profiles make to the score.
    if let best = ranked.first,
      let first = ranked.filter({ $0.element.text == best.element.text }).min(by: {
        $0.offset < $1.offset
      }), first.offset != best.offset
    {
      ranked.removeAll { $0.offset == first.offset }
      ranked.insert(first, at: 0)
    }
    return ranked.map(\.element)
  }

  /// A confidence as written in messages: two decimals, `0.93`.
  public static func format(_ confidence: Double) -> String {
    let hundredths = Int((min(max(confidence, 0), 1) * 100).rounded())
    let digits = hundredths % 100 < 10 ? "0\(hundredths % 100)" : "\(hundredths % 100)"
    return "\(hundredths / 100).\(digits)"
  }

  /// The bytes the detector reads: from a little before the first non-ASCII byte (only
  /// ASCII comes before it, so every candidate starts on a character) to at most
  /// `sampleLimit` bytes later, or sooner once `nonASCIILimit` bytes outside ASCII have
  /// been seen, cut after a line feed, which no page uses inside a character.
  static func sampleRange(_ bytes: [UInt8]) -> Range<Int> {
    guard let first = bytes.firstIndex(where: { $0 >= 0x80 }) else { return 0..<0 }
    let start = max(first - 16, 0)
    var end = min(start + sampleLimit, bytes.count)
    var seen = 0
    for index in first..<end where bytes[index] >= 0x80 {
      seen += 1
      if seen == nonASCIILimit {
        end = index + 1
        break
      }
    }
    if end < bytes.count, let lineEnd = bytes[end...].prefix(1024).firstIndex(of: 0x0A) {
      end = min(lineEnd + 1, start + sampleLimit)
    }
    if end < bytes.count, let lineEnd = bytes[start..<end].lastIndex(of: 0x0A), lineEnd > first {
      end = lineEnd + 1
    }
    return start..<end
  }

  /// The profiles a page is scored against: the languages usually written in it.
  static func profiles(for encoding: TextEncoding) -> [ScriptProfile] {
    switch encoding {
    case .windows1252: return ScriptProfile.western
    case .windows1250, .iso88592: return ScriptProfile.central
    case .windows1251, .iso88595, .koi8R, .koi8U: return ScriptProfile.cyrillic
    case .windows1253, .iso88597: return ScriptProfile.greek
    case .windows1254: return ScriptProfile.turkish
    case .windows1255, .iso88598: return ScriptProfile.hebrew
    case .windows1256: return ScriptProfile.arabic
    case .cp949: return [ScriptProfile(name: "ko", kind: .korean)]
    case .shiftJIS, .eucJP, .iso2022JP: return [ScriptProfile(name: "ja", kind: .japanese)]
    case .gb18030: return [ScriptProfile(name: "zh-Hans", kind: .chinese(traditional: false))]
    case .big5: return [ScriptProfile(name: "zh-Hant", kind: .chinese(traditional: true))]
    case .utf8, .utf16LE, .utf16BE, .utf32LE, .utf32BE: return []
    }
  }

  /// The non-ASCII characters of a decoding, counted with their context.
  struct Features {
    var histogram: [UInt64: Int] = [:]
    var count = 0

    init(_ utf8: [UInt8]) {
      var scalars: [Unicode.Scalar] = []
      scalars.reserveCapacity(utf8.count)
      var iterator = utf8.makeIterator()
      var decoder = UTF8()
      loop: while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): scalars.append(scalar)
        case .emptyInput, .error: break loop
        }
      }
      // A sequence cut short by the end of the file says nothing about the encoding.
      if scalars.last == "\u{FFFD}" { scalars.removeLast() }
      // The letters of the current word, with their context, until its case is known.
      var word: [(scalar: Unicode.Scalar, context: ScriptProfile.Context)] = []
      var upper = 0
      var lower = 0
      var firstIsUpper = false
      func add(_ scalar: Unicode.Scalar, _ context: ScriptProfile.Context) {
        histogram[UInt64(scalar.value) << 8 | UInt64(context.rawValue), default: 0] += 1
        count += 1
      }
      func endWord() {
        var flags: ScriptProfile.Context = []
        if !(upper == 0 || lower == 0 || (upper == 1 && firstIsUpper)) {
          flags.insert(.irregularCase)
        }
        if word.count > 1, word.allSatisfy({ $0.scalar.value >= 0x80 }) {
          flags.insert(.wordWithoutASCII)
        }
        for (scalar, context) in word where scalar.value >= 0x80 {
          add(scalar, context.union(flags))
        }
        word.removeAll(keepingCapacity: true)
        (upper, lower, firstIsUpper) = (0, 0, false)
      }
      for index in scalars.indices {
        let scalar = scalars[index]
        let isLetter = Self.isLetter(scalar)
        guard scalar.value >= 0x80 || isLetter else {
          endWord()
          continue
        }
        var context: ScriptProfile.Context = []
        if scalar.value >= 0x80 {
          let before =
            index > 0 ? Self.letterKind(scalars[index - 1]) : (ascii: false, nonASCII: false)
          let after =
            index + 1 < scalars.count
            ? Self.letterKind(scalars[index + 1]) : (ascii: false, nonASCII: false)
          if before.ascii || after.ascii { context.insert(.besideASCIILetter) }
          if before.nonASCII, after.nonASCII { context.insert(.insideNonASCIIRun) }
          if !before.ascii, !before.nonASCII, after.ascii || after.nonASCII {
            context.insert(.opensWord)
          }
        }
        guard isLetter else {
          endWord()
          add(scalar, context)
          continue
        }
        if scalar.properties.isUppercase {
          if word.isEmpty { firstIsUpper = true }
          upper += 1
        } else if scalar.properties.isLowercase {
          lower += 1
        }
        word.append((scalar, context))
      }
      endWord()
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
      let kind = letterKind(scalar)
      return kind.ascii || kind.nonASCII
    }

    static func letterKind(_ scalar: Unicode.Scalar) -> (ascii: Bool, nonASCII: Bool) {
      let value = scalar.value
      if value < 0x80 {
        return ((0x41...0x5A).contains(value) || (0x61...0x7A).contains(value), false)
      }
      return (false, scalar.properties.isAlphabetic)
    }

    /// The average points of the characters under `profile`.
    func score(with profile: ScriptProfile) -> Double {
      guard count > 0 else { return 0 }
      var total = 0.0
      for (key, occurrences) in histogram {
        guard let scalar = Unicode.Scalar(UInt32(key >> 8)) else { continue }
        let context = ScriptProfile.Context(rawValue: UInt8(key & 0xFF))
        total += Double(occurrences) * profile.points(scalar, context)
      }
      return total / Double(count)
    }
  }
}
