public import CaptionCore
public import CaptionValidation

/// Rebreaks the lines of each cue that breaks the locale's line length or line count
/// (`readability.line-length`, `readability.line-count`), and splits a cue whose text cannot
/// fit one cue's lines into consecutive cues. Cues within the limits are left as written.
///
/// A split cue's time is divided by the characters of its parts, on whole milliseconds: the
/// first part starts when the cue did, the last ends when it did, each part ends when the
/// next starts. The first part keeps the cue's identifier, the others have none; all keep its
/// settings and place in the source.
public enum LineRepair {
  /// The cues with their lines repaired, and one change for each cue that broke a limit:
  /// made (`fixed`) or not, with why. `language` is the track's language, which chooses the
  /// line breaking rules (`LineBreaker`).
  public static func repair(_ cues: [Cue], limits: LocaleLimits, language: LanguageTag?) -> (
    cues: [Cue], changes: [RepairChange]
  ) {
    let repaired = repairTracingOrigins(cues, limits: limits, language: language)
    return (repaired.cues, repaired.changes)
  }

  /// `repair`, with the index in `cues` that each cue of the result comes from (the parts of
  /// a split cue all come from it), so that later repairs can name cues as read.
  public static func repairTracingOrigins(
    _ cues: [Cue], limits: LocaleLimits, language: LanguageTag?
  ) -> (cues: [Cue], changes: [RepairChange], origins: [Int]) {
    var origins: [Int] = []
    origins.reserveCapacity(cues.count)
    var breaker = LineBreaker(limits: limits, language: language)
    var result: [Cue] = []
    result.reserveCapacity(cues.count)
    var changes: [RepairChange] = []
    for (index, cue) in cues.enumerated() {
      defer { origins += repeatElement(index, count: result.count - origins.count) }
      let view = breaker.view(of: cue)
      guard !breaker.fits(view) else {
        result.append(cue)
        continue
      }
      let cueNumber = index + 1
      let rule =
        view.lines.count > limits.linesPerCue ? "readability.line-count" : "readability.line-length"
      func unchanged(_ message: String) {
        result.append(cue)
        changes.append(RepairChange(rule: rule, cueIndex: index, fixed: false, message: message))
      }
      switch breaker.layOut(cue.text) {
      case .fits:
        result.append(cue)
      case .rebroken(let text, let lengths):
        result.append(made(from: cue, text: text, id: cue.id, start: cue.start, end: cue.end))
        changes.append(
          RepairChange(
            rule: rule, cueIndex: index,
            message:
              "rebroke cue \(cueNumber) into \(plural(lengths.count, "line")) of "
              + "\(list(lengths.map(decimal(_:)))) characters"))
      case .split(let parts):
        guard
          let times = divide(
            from: cue.start, to: cue.end, by: parts.map { Int(($0.characters * 2).rounded()) })
        else {
          let milliseconds = (cue.end - cue.start).milliseconds
          unchanged(
            "cue \(cueNumber) lasts \(milliseconds) ms, too short to split into \(parts.count) cues"
          )
          continue
        }
        for (offset, part) in parts.enumerated() {
          result.append(
            made(
              from: cue, text: part.text, id: offset == 0 ? cue.id : "", start: times[offset],
              end: times[offset + 1]))
        }
        let boundaries = parts.compactMap(\.boundary)
        let kinds = LineBreaker.Boundary.allCases.filter(boundaries.contains).map(\.rawValue)
        let at =
          boundaries.count == 1
          ? "a \(kinds[0]) boundary" : "\(list(kinds)) boundaries"
        changes.append(
          RepairChange(
            rule: rule, cueIndex: index,
            message:
              "split cue \(cueNumber) into \(parts.count) cues at \(at) "
              + "(\(times.dropFirst().dropLast().map(\.description).joined(separator: ", ")))"))
      case .wordTooLong(let word, let characters):
        unchanged(
          "cue \(cueNumber) cannot be rebroken: '\(excerpt(word))' has \(decimal(characters)) "
            + "characters; the limit is \(decimal(limits.charactersPerLine))")
      case .cannotLayOut:
        unchanged(
          "cue \(cueNumber) cannot be rebroken within \(plural(max(limits.linesPerCue, 0), "line")) "
            + "of \(decimal(limits.charactersPerLine)) characters")
      }
    }
    return (result, changes, origins)
  }

  /// A cue like `cue` with another text and time.
  private static func made(
    from cue: Cue, text: CueText, id: String, start: MediaTime, end: MediaTime
  ) -> Cue {
    Cue(
      id: id, start: start, end: end, settings: cue.settings, text: text,
      rawText: RawText.of(text), location: cue.location)
  }

  /// The times that divide `start`–`end` into parts in proportion to `weights`: `start`,
  /// each boundary rounded to the nearest millisecond, `end`. Nil when the parts would not
  /// each last at least a millisecond.
  static func divide(from start: MediaTime, to end: MediaTime, by weights: [Int])
    -> [MediaTime]?
  {
    let first = Int128(start.milliseconds)
    let span = Int128(end.milliseconds) - first
    var total = Int128(weights.reduce(0, +))
    // Parts without characters share the time equally.
    let equal = total <= 0
    if equal { total = Int128(weights.count) }
    var times = [start]
    var sum: Int128 = 0
    for weight in weights.dropLast() {
      sum += equal ? 1 : Int128(weight)
      // Rounded to the nearest millisecond, halves up.
      let offset = (2 * span * sum + total) / (2 * total)
      let time = MediaTime(milliseconds: Int64(clamping: first + offset))
      guard let last = times.last, last < time else { return nil }
      times.append(time)
    }
    guard let last = times.last, last < end else { return nil }
    times.append(end)
    return times
  }

  private static func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// `a`, `a and b`, `a, b and c`.
  private static func list(_ items: [String]) -> String {
    guard let last = items.last else { return "" }
    if items.count == 1 { return last }
    return items.dropLast().joined(separator: ", ") + " and " + last
  }

  /// A count of characters: `42`, `13.5`.
  private static func decimal(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    guard tenths.isFinite, abs(tenths) < 1e15 else { return "\(value)" }
    let whole = Int64(tenths) / 10
    let fraction = abs(Int64(tenths)) % 10
    return fraction == 0 ? "\(whole)" : "\(whole).\(fraction)"
  }

  /// A word of at most 30 characters, longer ones cut with `…`.
  private static func excerpt(_ word: String) -> String {
    word.count <= 30 ? word : String(word.prefix(29)) + "…"
  }
}
