/// The readability and timing limits for one locale, every field set: what rules compare to.
public struct LocaleLimits: Sendable, Hashable {
  /// Characters per second for subtitles (adult).
  public var charactersPerSecond: Double
  /// Characters per second for captions and SDH.
  public var charactersPerSecondSDH: Double
  /// Characters per line.
  public var charactersPerLine: Double
  public var linesPerCue: Int
  public var minimumDurationMilliseconds: Int
  public var maximumDurationMilliseconds: Int
  /// The smallest gap between two cues, in frames of the media.
  public var minimumGapFrames: Int
  public var counting: CountingMode
  /// True when the locale's style guides discourage italics (`readability.italics`).
  public var discouragesItalics: Bool
  /// True for right-to-left languages (`translation.bidi`).
  public var rightToLeft: Bool
  /// Speaking rate assumed for audio descriptions.
  public var descriptionWordsPerMinute: Int

  public init(
    charactersPerSecond: Double, charactersPerSecondSDH: Double, charactersPerLine: Double,
    linesPerCue: Int, minimumDurationMilliseconds: Int, maximumDurationMilliseconds: Int,
    minimumGapFrames: Int, counting: CountingMode, discouragesItalics: Bool, rightToLeft: Bool,
    descriptionWordsPerMinute: Int
  ) {
    self.charactersPerSecond = charactersPerSecond
    self.charactersPerSecondSDH = charactersPerSecondSDH
    self.charactersPerLine = charactersPerLine
    self.linesPerCue = linesPerCue
    self.minimumDurationMilliseconds = minimumDurationMilliseconds
    self.maximumDurationMilliseconds = maximumDurationMilliseconds
    self.minimumGapFrames = minimumGapFrames
    self.counting = counting
    self.discouragesItalics = discouragesItalics
    self.rightToLeft = rightToLeft
    self.descriptionWordsPerMinute = descriptionWordsPerMinute
  }

  /// How characters are counted for a locale.
  public enum CountingMode: String, Sendable, Hashable, CaseIterable {
    /// Each grapheme cluster counts 1.
    case graphemes
    /// Full-width characters count 1, half-width (Latin, digits, ASCII punctuation, spaces)
    /// count 0.5: Korean, Japanese and Chinese.
    case cjk
  }

  /// One configurable field: its key in `captionkit.json`.
  public enum Key: String, Sendable, Hashable, CaseIterable {
    case charactersPerSecond
    case charactersPerSecondSDH
    case charactersPerLine
    case linesPerCue
    case minDurationMs
    case maxDurationMs
    case minGapFrames
    case counting
    case discourageItalics
    case rightToLeft
    case descriptionWordsPerMinute
  }

  /// The value of a field.
  public func value(_ key: Key) -> ConfigurationValue {
    switch key {
    case .charactersPerSecond: return .number(charactersPerSecond)
    case .charactersPerSecondSDH: return .number(charactersPerSecondSDH)
    case .charactersPerLine: return .number(charactersPerLine)
    case .linesPerCue: return .number(Double(linesPerCue))
    case .minDurationMs: return .number(Double(minimumDurationMilliseconds))
    case .maxDurationMs: return .number(Double(maximumDurationMilliseconds))
    case .minGapFrames: return .number(Double(minimumGapFrames))
    case .counting: return .string(counting.rawValue)
    case .discourageItalics: return .bool(discouragesItalics)
    case .rightToLeft: return .bool(rightToLeft)
    case .descriptionWordsPerMinute: return .number(Double(descriptionWordsPerMinute))
    }
  }

  /// Sets a field; the value was checked by `ConfigurationValue.check(_:for:)`.
  public mutating func set(_ key: Key, _ value: ConfigurationValue) {
    switch (key, value) {
    case (.charactersPerSecond, .number(let n)): charactersPerSecond = n
    case (.charactersPerSecondSDH, .number(let n)): charactersPerSecondSDH = n
    case (.charactersPerLine, .number(let n)): charactersPerLine = n
    case (.linesPerCue, .number(let n)): linesPerCue = Int(n)
    case (.minDurationMs, .number(let n)): minimumDurationMilliseconds = Int(n)
    case (.maxDurationMs, .number(let n)): maximumDurationMilliseconds = Int(n)
    case (.minGapFrames, .number(let n)): minimumGapFrames = Int(n)
    case (.counting, .string(let s)): counting = CountingMode(rawValue: s) ?? counting
    case (.discourageItalics, .bool(let b)): discouragesItalics = b
    case (.rightToLeft, .bool(let b)): rightToLeft = b
    case (.descriptionWordsPerMinute, .number(let n)): descriptionWordsPerMinute = Int(n)
    default: break
    }
  }

  /// The kind of value a field takes, for checking configuration files.
  static func expectation(_ key: Key) -> ConfigurationValue.Expectation {
    switch key {
    case .charactersPerSecond, .charactersPerSecondSDH, .charactersPerLine: return .positiveNumber
    case .linesPerCue, .minGapFrames, .descriptionWordsPerMinute: return .count
    case .minDurationMs, .maxDurationMs: return .count
    case .counting: return .oneOf(CountingMode.allCases.map(\.rawValue))
    case .discourageItalics, .rightToLeft: return .bool
    }
  }

  /// Every field as overrides, in key order.
  public var overrides: LocaleOverrides {
    var result = LocaleOverrides()
    for key in Key.allCases { result[key] = value(key) }
    return result
  }

  /// These limits with `overrides` applied.
  public func applying(_ overrides: LocaleOverrides?) -> LocaleLimits {
    guard let overrides, !overrides.isEmpty else { return self }
    var result = self
    for key in Key.allCases {
      if let value = overrides[key] { result.set(key, value) }
    }
    return result
  }
}

/// Some fields of `LocaleLimits`, as a configuration file or a profile gives them.
public typealias LocaleOverrides = [LocaleLimits.Key: ConfigurationValue]

/// A scalar value of a configuration file.
public enum ConfigurationValue: Sendable, Hashable {
  case number(Double)
  case bool(Bool)
  case string(String)

  /// What a field accepts.
  enum Expectation {
    case positiveNumber
    /// A whole number, zero or more.
    case count
    case bool
    case oneOf([String])

    var description: String {
      switch self {
      case .positiveNumber: return "a number greater than 0"
      case .count: return "a whole number, 0 or more"
      case .bool: return "true or false"
      case .oneOf(let names): return names.map { "\"\($0)\"" }.joined(separator: " or ")
      }
    }

    /// The value when `json` fits, else nil.
    func accept(_ json: JSONValue) -> ConfigurationValue? {
      switch (self, json) {
      case (.positiveNumber, .number(let n)) where n > 0 && n < 1e9: return .number(n)
      case (.count, .number(let n)) where n >= 0 && n < 1e9 && n == n.rounded(): return .number(n)
      case (.bool, .bool(let b)): return .bool(b)
      case (.oneOf(let names), .string(let s)) where names.contains(s): return .string(s)
      default: return nil
      }
    }
  }
}
