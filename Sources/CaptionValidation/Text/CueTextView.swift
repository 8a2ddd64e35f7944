/// What the text rules need to know about one cue's visible text, worked out once per cue
/// and shared by every rule: markup stripped, ruby text (`<rt>`) left out, bidi and
/// zero-width controls ignored, characters counted as grapheme clusters (half-width ones as
/// 0.5 when the locale counts that way).
public struct CueTextView: Sendable {
  /// How a line starts or ends.
  public enum CharacterClass: Sendable, Hashable {
    case none
    /// A letter of a script written left to right (Latin, Hangul, ...).
    case leftToRightLetter
    /// A letter of a script written right to left (Arabic, Hebrew).
    case rightToLeftLetter
    /// An ASCII digit.
    case digit
    /// Punctuation, symbols and other digits.
    case other
  }

  /// One line of the cue as shown.
  public struct Line: Sendable, Hashable {
    /// Length in half characters (a full-width or ordinary character is 2).
    public var halves = 0
    /// The first and last characters other than spaces and controls.
    public var first = CharacterClass.none
    public var last = CharacterClass.none
    /// The first letter's direction (`.leftToRightLetter` or `.rightToLeftLetter`).
    public var firstLetter = CharacterClass.none
    /// True when the line holds a right-to-left letter.
    public var hasRightToLeft = false
    /// True when the line holds a directional mark or embedding (LRM, RLM, ALM, U+202A–U+202E,
    /// U+2066–U+2069).
    public var hasDirectionalMark = false

    /// The length in characters.
    public var length: Double { Double(halves) / 2 }
  }

  /// The lines, in order (at least one).
  public internal(set) var lines: [Line] = [Line()]
  /// Characters of all lines, in half characters.
  public internal(set) var halves = 0
  /// True when some character other than spaces and controls is shown.
  public internal(set) var hasVisibleText = false
  /// True when some text is in italics.
  public internal(set) var hasItalics = false
  /// The first control character in the text, if any: C0 (other than tab and line breaks),
  /// DEL or C1. Players show none of them as text.
  public internal(set) var firstControl: Unicode.Scalar?
  /// Start and end tags of `<i>`, `<b>`, `<u>` as written (for text kept as written).
  public internal(set) var openedTags = TagCounts()
  public internal(set) var closedTags = TagCounts()

  public init() {}

  /// The characters of all lines.
  public var length: Double { Double(halves) / 2 }

  /// Counts of the tags `readability.unbalanced-tags` checks.
  public struct TagCounts: Sendable, Hashable {
    public var italic = 0
    public var bold = 0
    public var underline = 0
  }

  mutating func reset() {
    // One line is left; most cues have one or two, so the list is rarely shortened.
    while lines.count > 1 { lines.removeLast() }
    if lines.isEmpty { lines.append(Line()) } else { lines[0] = Line() }
    halves = 0
    hasVisibleText = false
    hasItalics = false
    firstControl = nil
    openedTags = TagCounts()
    closedTags = TagCounts()
  }
}
