/// What a caption line says about who speaks, written at its start: `NAME:` or `Name:`, a
/// dialogue dash (`- `, `– `, `— `), or the `>>` of broadcast captions.
enum SpeakerMarker: Sendable, Hashable {
  /// No marker: the line continues the current turn.
  case none
  /// A named speaker.
  case name(String)
  /// A new turn by someone unnamed (a dialogue dash or `>>`).
  case unnamed

  /// The longest name taken from a `Name:` prefix, in Unicode scalars.
  static let maximumNameLength = 32

  /// The line's marker and the text after it. A name is one to four words, each starting
  /// with an upper-case letter (`MARA`, `Dr. Jonas`, `Mary-Ann`), or one or two words of a
  /// script without case, followed by a colon and a space or the end of the line; times
  /// (`10:30`), lower-case words and URLs are not names. Looks at most at the first few
  /// dozen characters of the line.
  static func parse(_ line: String) -> (marker: SpeakerMarker, rest: String) {
    let scalars = line.unicodeScalars
    var index = scalars.startIndex
    func skipBlanks() {
      while index < scalars.endIndex, scalars[index] == " " || scalars[index] == "\t" {
        index = scalars.index(after: index)
      }
    }
    func next(_ position: String.Index) -> Unicode.Scalar? {
      position < scalars.endIndex ? scalars[position] : nil
    }
    skipBlanks()
    let start = index
    var marker = SpeakerMarker.none
    if next(index) == ">", next(scalars.index(after: index)) == ">" {
      while next(index) == ">" { index = scalars.index(after: index) }
      skipBlanks()
      marker = .unnamed
    } else if let first = next(index), first == "-" || first == "–" || first == "—",
      next(scalars.index(after: index)) == " "
    {
      index = scalars.index(after: index)
      skipBlanks()
      marker = .unnamed
    }
    if let (name, after) = namePrefix(scalars[index...]) {
      index = after
      skipBlanks()
      return (.name(name), String(scalars[index...]))
    }
    if index == start, index == scalars.startIndex { return (marker, line) }
    return (marker, String(scalars[index...]))
  }

  /// `Name:` at the start of `text`: the name and the index after the colon.
  private static func namePrefix(_ text: Substring.UnicodeScalarView)
    -> (String, String.Index)?
  {
    // The first letter: an upper-case one, or one of a script without case.
    guard let first = text.first, first != ":",
      first.isASCII
        ? (first.value >= 0x41 && first.value <= 0x5A)
        : (first.properties.isAlphabetic && !first.properties.isLowercase)
    else { return nil }
    var colon: String.Index?
    var count = 0
    var index = text.startIndex
    while index < text.endIndex, count <= maximumNameLength {
      if text[index] == ":" {
        colon = index
        break
      }
      index = text.index(after: index)
      count += 1
    }
    guard let colon else { return nil }
    let after = text.index(after: colon)
    if after < text.endIndex, text[after] != " ", text[after] != "\t" { return nil }
    let name = text[text.startIndex..<colon]
    let words = name.split(separator: " ", omittingEmptySubsequences: false)
    guard !words.isEmpty, words.count <= 4 else { return nil }
    var caseless = false
    for word in words {
      guard let initial = word.first, initial.properties.isAlphabetic else { return nil }
      if !initial.properties.isUppercase {
        guard !initial.properties.isLowercase else { return nil }
        caseless = true
      }
      for scalar in word {
        guard
          scalar.properties.isAlphabetic || scalar.properties.generalCategory == .nonspacingMark
            || scalar == "." || scalar == "'" || scalar == "’" || scalar == "-"
        else { return nil }
      }
    }
    if caseless, words.count > 2 { return nil }
    return (String(name), after)
  }
}
