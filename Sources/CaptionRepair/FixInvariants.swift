public import CaptionCore

/// What `fix` promises of every file, checked the same way by `fix` on its own output, by
/// the tests and by the fuzzer: the words of every cue are kept.
public enum FixInvariants {
  /// The cues of `input` (indices) whose words are not in `written`, the fixed track read
  /// back, where `origins` gives for each written cue the input cue it was made from (the
  /// parts of a split cue share it); nil when the cue count does not match `origins`.
  ///
  /// Whitespace may change as the line repair changes it and no further: a line may break
  /// at a space, or between two characters where one is of a script written without spaces
  /// (a break there is joined again without a space). So each cue's text is compared as its
  /// words, with every such character a word of its own.
  public static func cuesWithChangedWords(
    input: Track, written: Track, origins: [Int]
  ) -> [Int]? {
    guard origins.count == written.cues.count,
      origins.allSatisfy({ input.cues.indices.contains($0) })
    else { return nil }
    var parts = [[String]](repeating: [], count: input.cues.count)
    for (cue, origin) in zip(written.cues, origins) {
      parts[origin] += words(of: cue.text.visibleText)
    }
    var changed: [Int] = []
    for (index, cue) in input.cues.enumerated()
    where words(of: cue.text.visibleText) != parts[index] {
      changed.append(index)
    }
    return changed
  }

  /// The words of `text`: the runs between white space, each character of a script written
  /// without spaces split off as a word of its own. Taken scalar by scalar, so that a
  /// combining mark after a space (which makes one character with it) stays a word's.
  static func words(of text: String) -> [String] {
    var words: [String] = []
    var current = String.UnicodeScalarView()
    func end() {
      if !current.isEmpty { words.append(String(current)) }
      current = String.UnicodeScalarView()
    }
    for scalar in text.unicodeScalars {
      if scalar.properties.isWhitespace {
        end()
      } else if LineBreakRules.isIdeographic(Character(scalar)) {
        end()
        words.append(String(scalar))
      } else {
        current.append(scalar)
      }
    }
    end()
    return words
  }
}
