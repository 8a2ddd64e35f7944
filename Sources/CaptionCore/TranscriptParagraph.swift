/// A run of entries read together: one speaker's turn, a description, or a chapter heading.
public struct TranscriptParagraph: Sendable, Hashable {
  /// What a paragraph is.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A chapter heading; its one entry holds the title.
    case chapter
    /// One or more description entries.
    case description
    /// Speech and sound entries: one speaker's turn, or sounds alone.
    case dialogue
  }

  public var kind: Kind
  /// The speaker of a dialogue turn; nil when unknown or for sounds alone.
  public var speaker: String?
  public var entries: [TranscriptEntry]

  public init(kind: Kind, speaker: String? = nil, entries: [TranscriptEntry] = []) {
    self.kind = kind
    self.speaker = speaker
    self.entries = entries
  }

  /// From the first entry's start to the latest end; nil when there is no entry.
  public var range: TimeRange? {
    guard let first = entries.first else { return nil }
    var end = first.range.end
    for entry in entries where entry.range.end > end { end = entry.range.end }
    return TimeRange(start: first.range.start, end: end)
  }

  /// The entries' texts joined: with a space, except between two characters of scripts
  /// written without spaces (Chinese, Japanese).
  public var text: String {
    var result = ""
    for entry in entries where !entry.text.isEmpty {
      TranscriptParagraph.append(entry.text, to: &result)
    }
    return result
  }

  /// `first` and `second` joined by `separator(between:and:)`.
  public static func join(_ first: String, _ second: String) -> String {
    var result = first
    append(second, to: &result)
    return result
  }

  /// Appends `text` to `result` in place after `separator(between:and:)`, so that joining
  /// many pieces takes linear time.
  public static func append(_ text: String, to result: inout String) {
    result += separator(between: result, and: text)
    result += text
  }

  /// A space, or nothing when either side is empty or the two touching characters belong to
  /// scripts written without spaces.
  public static func separator(between first: String, and second: String) -> String {
    guard let last = first.unicodeScalars.last, let next = second.unicodeScalars.first else {
      return ""
    }
    return isUnspacedScript(last) && isUnspacedScript(next) ? "" : " "
  }

  /// True for Han, kana and CJK punctuation: text in these scripts has no spaces between
  /// words.
  public static func isUnspacedScript(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFF60,
      0x20000...0x2FFFF:
      return true
    default:
      return false
    }
  }
}
