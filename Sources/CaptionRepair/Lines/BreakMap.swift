/// The places a cue text may be broken: the row of units cut into segments (words, or single
/// characters of scripts written without spaces) with a break point between each two.
struct BreakMap {
  /// A place between two segments where a line may break.
  struct Point {
    /// The units between the segments: a run of white space (with any marks in it), or empty
    /// for a break between two characters, at the index where the line break would go.
    var run: Range<Int>
    /// Width in half characters when the line does not break here.
    var gap: Int
    /// True when the run, kept on one line, becomes nothing rather than one space: line
    /// breaks alone between two characters of a script written without spaces.
    var joinsWithoutSpace: Bool
    /// True when the line must break here: a change of speaker.
    var forced: Bool
    var penalty: Double
    var boundary: LineBreaker.Boundary
  }

  /// The units of each segment.
  private(set) var segments: [Range<Int>] = []
  /// The width of each segment in half characters.
  private(set) var widths: [Int] = []
  /// `points[k]` lies between `segments[k]` and `segments[k + 1]`.
  private(set) var points: [Point] = []
  /// White space and marks before the first segment and after the last.
  private(set) var leading: Range<Int> = 0..<0
  private(set) var trailing: Range<Int> = 0..<0

  /// The break points of `text`; `spaceHalves` is the width of a space, which joined lines
  /// are joined by.
  init(_ text: FlatCueText, words: PhraseWords, language: String?, spaceHalves: Int) {
    let units = text.units
    func isSpace(_ index: Int) -> Bool {
      units[index].character.map(LineBreakRules.isBreakableSpace) ?? false
    }
    func isSpaceOrMark(_ index: Int) -> Bool { units[index].isMark || isSpace(index) }
    var start = 0
    while start < units.count, isSpaceOrMark(start) { start += 1 }
    var end = units.count
    while end > start, isSpaceOrMark(end - 1) { end -= 1 }
    leading = 0..<start
    trailing = end..<units.count
    guard start < end else { return }

    let voices = text.hasVoices
    var segmentStart = start
    var pending: [(run: Range<Int>, forced: Bool, betweenCharacters: Bool)] = []
    var index = start
    while index < end {
      if isSpaceOrMark(index) {
        var runEnd = index
        var hasSpace = false
        var hasNewline = false
        while runEnd < end, isSpaceOrMark(runEnd) {
          if let character = units[runEnd].character, LineBreakRules.isBreakableSpace(character) {
            hasSpace = true
            if LineBreakRules.isNewline(character) { hasNewline = true }
          }
          runEnd += 1
        }
        if hasSpace {
          segments.append(segmentStart..<index)
          segmentStart = runEnd
          // A line of the text as written that starts with a dash is a new speaker's.
          let dashLine =
            hasNewline && units[runEnd].character.map(LineBreakRules.dashes.contains) == true
          let newVoice =
            voices && text.speaker(of: units[index - 1]) != text.speaker(of: units[runEnd])
          pending.append((index..<runEnd, dashLine || newVoice, false))
        }
        index = runEnd
        continue
      }
      var next = index + 1
      while next < end, units[next].isMark { next += 1 }
      if next < end, !isSpace(next) {
        let newVoice = voices && text.speaker(of: units[index]) != text.speaker(of: units[next])
        if newVoice
          || (language != "ko"
            && Self.allowsBreak(between: units[index], and: units[next]))
        {
          segments.append(segmentStart..<index + 1)
          segmentStart = index + 1
          pending.append((index + 1..<index + 1, newVoice, true))
        }
      }
      index += 1
    }
    segments.append(segmentStart..<end)

    widths = segments.map { range in units[range].reduce(0) { $0 + $1.halves } }
    func string(_ range: Range<Int>) -> String {
      var result = ""
      for unit in units[range] {
        switch unit.content {
        case .character(let character): result.append(character)
        // A ruby is mostly Han: it breaks as one.
        case .whole: result.append("漢")
        case .mark: break
        }
      }
      return result
    }
    for (offset, point) in pending.enumerated() {
      let before = string(segments[offset])
      let after = string(segments[offset + 1])
      var gap = 0
      var newline = false
      var spacesOnlyNewlines = true
      for unit in units[point.run] {
        guard let character = unit.character else { continue }
        gap += unit.halves
        if LineBreakRules.isNewline(character) {
          newline = true
        } else {
          spacesOnlyNewlines = false
        }
      }
      var joinsWithoutSpace = false
      if newline {
        // Joined lines are joined by one space, or none between characters of a script
        // written without spaces.
        joinsWithoutSpace =
          spacesOnlyNewlines
          && (before.last.map(LineBreakRules.isIdeographic) == true
            || after.first.map(LineBreakRules.isIdeographic) == true)
        gap = joinsWithoutSpace ? 0 : spaceHalves
      }
      var (penalty, boundary) = LineBreakRules.rate(
        before: before, after: after, betweenCharacters: point.betweenCharacters, words: words,
        language: language)
      if point.forced {
        penalty = 0
        boundary = .speaker
      }
      points.append(
        Point(
          run: point.run, gap: gap, joinsWithoutSpace: joinsWithoutSpace, forced: point.forced,
          penalty: penalty, boundary: boundary))
    }
  }

  /// True when a line may break between two units with no space between them: one of them
  /// is of a script written without spaces, the second may start a line and the first may
  /// end one.
  static func allowsBreak(between first: FlatCueText.Unit, and second: FlatCueText.Unit) -> Bool {
    let a: Character
    let b: Character
    switch first.content {
    case .character(let character): a = character
    case .whole: a = "漢"
    case .mark: return false
    }
    switch second.content {
    case .character(let character): b = character
    case .whole: b = "漢"
    case .mark: return false
    }
    guard LineBreakRules.isIdeographic(a) || LineBreakRules.isIdeographic(b) else { return false }
    return !LineBreakRules.noLineStart.contains(b) && !LineBreakRules.noLineEnd.contains(a)
  }
}
