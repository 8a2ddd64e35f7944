/// What a caption line says about who speaks, written at its start: `NAME:` or `Name:`, a
/// dialogue dash (`- `, `– `, `— `), or the `>>` of broadcast captions.
enum SpeakerMarker: Sendable, Hashable {
  /// No marker: the line continues the current turn.
  case none
  /// A named speaker.
  case name(String)
  /// A new turn by someone unnamed (a dialogue dash or `>>`).
  case unnamed

  /// The longest name taken from a `Name:` prefix, in characters.
  static let maximumNameLength = 32

  /// The line's marker and the text after it. A name is one to four words, each starting
  /// with an upper-case letter (`MARA`, `Dr. Jonas`, `Mary-Ann`), or one or two words of a
  /// script without case, followed by a colon and a space or the end of the line; times
  /// (`10:30`), lower-case words and URLs are not names.
  static func parse(_ line: String) -> (marker: SpeakerMarker, rest: String) {
    var rest = Substring(line)
    rest = rest.drop { $0 == " " || $0 == "\t" }
    var marker = SpeakerMarker.none
    if rest.hasPrefix(">>") {
      rest = rest.drop { $0 == ">" }.drop { $0 == " " || $0 == "\t" }
      marker = .unnamed
    } else if let first = rest.first, first == "-" || first == "–" || first == "—",
      rest.dropFirst().first == " "
    {
      rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
      marker = .unnamed
    }
    if let (name, after) = namePrefix(rest) {
      return (.name(name), String(after.drop { $0 == " " || $0 == "\t" }))
    }
    return (marker, String(rest))
  }

  /// `Name:` at the start of `text`: the name and the text after the colon.
  private static func namePrefix(_ text: Substring) -> (String, Substring)? {
    guard let colon = text.prefix(maximumNameLength + 1).firstIndex(of: ":") else { return nil }
    let name = text[..<colon]
    let after = text[text.index(after: colon)...]
    if let next = after.first, next != " ", next != "\t" { return nil }
    let words = name.split(separator: " ", omittingEmptySubsequences: false)
    guard !words.isEmpty, words.count <= 4 else { return nil }
    var caseless = false
    for word in words {
      guard let first = word.first, first.isLetter else { return nil }
      if !first.isUppercase {
        // A letter without case (Arabic, Hebrew, CJK): allowed in short names only.
        guard !first.isLowercase else { return nil }
        caseless = true
      }
      for character in word {
        guard
          character.isLetter || character == "." || character == "'" || character == "’"
            || character == "-"
        else { return nil }
      }
    }
    if caseless, words.count > 2 { return nil }
    return (String(name), after)
  }
}
