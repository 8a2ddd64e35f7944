import CaptionCore
import CaptionRepair
import CaptionValidation
import Testing

/// Limits, cues and the readability rules for the line repair's tests.
enum LineRepairHarness {
  /// The standard limits with another line length, line count and counting.
  static func limits(
    characters: Double = 42, lines: Int = 2, counting: LocaleLimits.CountingMode = .graphemes
  ) -> LocaleLimits {
    var limits = LocaleLimits.standard
    limits.charactersPerLine = characters
    limits.linesPerCue = lines
    limits.counting = counting
    return limits
  }

  /// A cue of plain text from `start` to `end` milliseconds.
  static func cue(_ text: String, from start: Int64 = 1000, to end: Int64 = 5000, id: String = "")
    -> Cue
  {
    Cue(
      id: id, start: MediaTime(milliseconds: start), end: MediaTime(milliseconds: end),
      text: CueText(plain: text), rawText: text)
  }

  /// A cue whose text is a tree.
  static func cue(_ nodes: [CueNode], from start: Int64 = 1000, to end: Int64 = 5000) -> Cue {
    let text = CueText(nodes: nodes)
    return Cue(
      start: MediaTime(milliseconds: start), end: MediaTime(milliseconds: end), text: text,
      rawText: text.visibleText)
  }

  static func italic(_ text: String) -> CueNode {
    .element(CueElement(kind: .italic, children: [.text(text)]))
  }

  static func voice(_ name: String, _ text: String) -> CueNode {
    .element(CueElement(kind: .voice, annotation: name, children: [.text(text)]))
  }

  /// The lines of a text: its visible text cut at line breaks.
  static func lines(_ text: CueText) -> [String] {
    text.visibleText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The lines of each cue the breaker makes of a plain text; nil when it cannot fit it.
  static func layOut(_ text: String, limits: LocaleLimits, language: String? = "en")
    -> [[String]]?
  {
    var breaker = LineBreaker(limits: limits, language: language.flatMap(LanguageTag.init))
    switch breaker.layOut(CueText(plain: text)) {
    case .fits: return [lines(CueText(plain: text))]
    case .rebroken(let text, _): return [lines(text)]
    case .split(let parts): return parts.map { lines($0.text) }
    case .wordTooLong, .cannotLayOut: return nil
    }
  }

  /// The profile of the defaults with `language`'s line limits set.
  static func profile(characters: Double, lines: Int, language: String) throws
    -> ValidationProfile
  {
    let json =
      #"{"locales": {"\#(language)": {"charactersPerLine": \#(characters), "#
      + #""linesPerCue": \#(lines)}}}"#
    let configuration = try Configuration.defaults.merging(json: Array(json.utf8))
    return try #require(configuration.profile(named: Configuration.defaultProfileName))
  }

  /// The messages of `readability.line-length` and `readability.line-count` on `cues`, the
  /// rules run as `validate` runs them.
  static func lineFindings(_ cues: [Cue], language: String, profile: ValidationProfile)
    -> [Diagnostic]
  {
    let track = Track(format: .webvtt, language: LanguageTag(language), cues: cues)
    return Validator(rules: [LineLengthRule(), LineCountRule()]).validate(
      ValidationContext(tracks: [track], profile: profile))
  }
}
