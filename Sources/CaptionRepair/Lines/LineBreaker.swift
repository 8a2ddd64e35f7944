public import CaptionCore
public import CaptionValidation

/// Lays a cue's text out again within a locale's line length and line count, without
/// changing a word: only the white space between words changes (a space becomes a line break
/// or a line break a space), and between characters of Japanese and Chinese a line break may
/// be added or taken away. A text already within the limits is left as written.
///
/// The text is put on the fewest lines that hold it; among the layouts with that many lines,
/// the one with the most balanced lines (two lines bottom-heavy rather than top-heavy) and
/// the best breaks (after a sentence or a clause, before a conjunction, not after an article)
/// is chosen. Lines of dialogue starting with a dash, and each voice (`<v Name>`), start a new
/// line. A text that needs more lines than a cue may have is cut into parts at sentence,
/// then phrase, then word boundaries. `Docs/repair/lines.md` gives the rules.
public struct LineBreaker: Sendable {
  /// Where a text was cut into parts, or a line broken, from the best place to the worst.
  public enum Boundary: String, Sendable, Hashable, CaseIterable {
    /// Between two speakers: a line starting with a dash, or another voice.
    case speaker
    /// After a full stop, question or exclamation mark.
    case sentence
    /// After a comma, semicolon, colon or dash, or before a conjunction.
    case phrase
    /// Between two words (or two characters) with nothing better about it.
    case word
  }

  /// One part of a text cut into consecutive cues.
  public struct Part: Sendable, Hashable {
    /// The part's text, laid out within the limits.
    public var text: CueText
    /// Its characters as the readability rules count them, white space left out: its share
    /// of the cue's time.
    public var characters: Double
    /// The boundary the text was cut at before this part; nil for the first part.
    public var boundary: Boundary?

    public init(text: CueText, characters: Double, boundary: Boundary?) {
      self.text = text
      self.characters = characters
      self.boundary = boundary
    }
  }

  /// What laying out a text gives.
  public enum Outcome: Sendable, Hashable {
    /// The text is within the limits: nothing to do.
    case fits
    /// The text laid out again, and the length of each of its lines in characters.
    case rebroken(CueText, lineLengths: [Double])
    /// The text needs more lines than a cue may have: its parts, each within the limits.
    case split([Part])
    /// A word (or characters that may not be broken apart) is longer than a line.
    case wordTooLong(String, characters: Double)
    /// No layout was found within the limits (a limit below one character or one line).
    case cannotLayOut
  }

  public let limits: LocaleLimits
  /// The primary language subtag (`en`), which chooses the phrase words and whether lines
  /// break between characters (not in Korean).
  public let language: String?
  private var widths: CharacterWidths
  private let words: PhraseWords
  /// The longest line, in half characters.
  private let width: Int
  private let lines: Int

  public init(limits: LocaleLimits, language: LanguageTag?) {
    self.limits = limits
    self.language = language?.language
    widths = CharacterWidths(counting: limits.counting)
    words = PhraseWords(language: language?.language)
    let halves = limits.charactersPerLine * 2
    width = halves.isFinite ? Int(min(max(halves, 0), 1e9).rounded(.down)) : 0
    lines = limits.linesPerCue
  }

  /// True when the cue's lines are within the limits, as the readability rules count them.
  public mutating func fits(_ cue: Cue) -> Bool {
    fits(widths.view(of: cue))
  }

  /// True when the text's lines are within the limits, as the readability rules count them.
  public mutating func fits(_ text: CueText) -> Bool {
    fits(widths.view(of: text))
  }

  /// The lines of the cue as the readability rules count them.
  mutating func view(of cue: Cue) -> CueTextView {
    widths.view(of: cue)
  }

  func fits(_ view: CueTextView) -> Bool {
    view.lines.count <= lines && view.lines.allSatisfy { $0.halves <= width }
  }

  /// Lays `text` out within the limits: `.fits` when it is already.
  public mutating func layOut(_ text: CueText) -> Outcome {
    if fits(text) { return .fits }
    guard lines >= 1, width >= 1 else { return .cannotLayOut }
    let flat = FlatCueText(text, widths: &widths)
    let map = BreakMap(
      flat, words: words, language: language, spaceHalves: widths.halves(of: " "))
    if let wide = map.widths.firstIndex(where: { $0 > width }) {
      var word = ""
      for unit in flat.units[map.segments[wide]] {
        switch unit.content {
        case .character(let character): word.append(character)
        case .whole(let node): word += CueText(nodes: [node]).visibleText
        case .mark: break
        }
      }
      return .wordTooLong(word, characters: Double(map.widths[wide]) / 2)
    }
    let layout = LineLayout(map: map, width: width, lines: lines)
    if map.segments.isEmpty {
      // White space and marks alone: the marks are kept, on one line.
      let marks = flat.units.filter(\.isMark)
      let result = CueText(nodes: flat.nodes(of: marks))
      let view = widths.view(of: result)
      return fits(view) ? .rebroken(result, lineLengths: view.lines.map(\.length)) : .cannotLayOut
    }
    guard let ranges = layout.parts() else { return .cannotLayOut }
    var parts: [Part] = []
    var lineLengths: [Double] = []
    for (number, range) in ranges.enumerated() {
      guard let best = layout.best(range) else { return .cannotLayOut }
      let row = Self.row(
        of: flat, map: map, segments: range, breaks: best.breaks,
        spaceHalves: widths.halves(of: " "))
      let part = CueText(nodes: flat.nodes(of: row))
      // The rules' own count is the last word: a layout they would not pass is not made.
      let view = widths.view(of: part)
      guard fits(view) else { return .cannotLayOut }
      lineLengths = view.lines.map(\.length)
      let halves = map.widths[range].reduce(0, +)
      parts.append(
        Part(
          text: part, characters: Double(halves) / 2,
          boundary: number == 0 ? nil : map.points[range.lowerBound - 1].boundary))
    }
    if parts.count == 1 { return .rebroken(parts[0].text, lineLengths: lineLengths) }
    return .split(parts)
  }

  /// The units of the part of `flat` made of `segments`, with a line break at each point
  /// `breaks` says and one space (or nothing) for a line break it does not keep. Marks
  /// (inner timestamps, empty elements) in white space are kept; those where the text is cut
  /// start the next part.
  private static func row(
    of flat: FlatCueText, map: BreakMap, segments: Range<Int>, breaks: [Bool], spaceHalves: Int
  ) -> [FlatCueText.Unit] {
    let units = flat.units
    var row: [FlatCueText.Unit] = []
    let before = segments.lowerBound == 0 ? map.leading : map.points[segments.lowerBound - 1].run
    row += units[before].filter(\.isMark)
    for segment in segments {
      if segment > segments.lowerBound {
        let point = map.points[segment - 1]
        let broken = breaks[segment - 1 - segments.lowerBound]
        if point.run.isEmpty {
          if broken {
            let previous = units[point.run.lowerBound - 1].path
            let next = units[point.run.lowerBound].path
            let shared = zip(previous, next).prefix { $0 == $1 }.count
            row.append(
              FlatCueText.Unit(
                content: .character("\n"), path: Array(previous[..<shared]), halves: 0))
          }
        } else {
          let hasNewline = units[point.run].contains {
            $0.character.map(LineBreakRules.isNewline) ?? false
          }
          var placed = false
          for unit in units[point.run] {
            if unit.isMark {
              row.append(unit)
            } else if broken {
              if !placed {
                row.append(FlatCueText.Unit(content: .character("\n"), path: unit.path, halves: 0))
              }
              placed = true
            } else if hasNewline {
              if !placed, !point.joinsWithoutSpace {
                row.append(
                  FlatCueText.Unit(content: .character(" "), path: unit.path, halves: spaceHalves))
              }
              placed = true
            } else {
              row.append(unit)
            }
          }
        }
      }
      row += units[map.segments[segment]]
    }
    if segments.upperBound == map.segments.count {
      row += units[map.trailing].filter(\.isMark)
    }
    return row
  }
}
