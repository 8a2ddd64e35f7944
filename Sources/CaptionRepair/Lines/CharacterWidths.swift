import CaptionCore
import CaptionValidation

/// Widths of characters and nodes in half characters, measured by the validator's own
/// `CueTextScanner`, so that a line the repair lays out is the length the readability rules
/// find.
struct CharacterWidths: Sendable {
  private var scanner: CueTextScanner
  private var cache: [Character: Int] = [:]

  init(counting: LocaleLimits.CountingMode) {
    scanner = CueTextScanner(counting: counting)
  }

  /// The width of one character of a text node.
  mutating func halves(of character: Character) -> Int {
    if let known = cache[character] { return known }
    scanner.scan(CueText(plain: String(character)))
    let halves = scanner.view.halves
    // A track has few distinct characters; the bound keeps a hostile one from growing it.
    if cache.count >= 4096 { cache.removeAll(keepingCapacity: true) }
    cache[character] = halves
    return halves
  }

  /// The width of a node kept whole (a `<ruby>` element: its base text, not its ruby text).
  mutating func halves(of node: CueNode) -> Int {
    scanner.scan(CueText(nodes: [node]))
    return scanner.view.halves
  }

  /// The lines of a text as the readability rules see them.
  mutating func view(of text: CueText) -> CueTextView {
    scanner.scan(text)
    return scanner.view
  }

  /// The lines of a cue as the readability rules see them (from its raw text when the text
  /// is read from it).
  mutating func view(of cue: Cue) -> CueTextView {
    scanner.scan(cue)
    return scanner.view
  }
}
