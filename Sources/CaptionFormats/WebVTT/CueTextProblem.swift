import CaptionCore

/// A deviation from the WebVTT cue text syntax, with its message and fix.
enum CueTextProblem {
  case unknownTag(String)
  case unmatchedEndTag(name: String)
  case misnested(closing: String, open: String)
  case leftOpen([String], more: Int)
  case voiceWithoutName
  case annotationNotAllowed(kind: String, annotation: String)
  case emptyClassName(kind: String)
  case languageWithoutTag
  case malformedLanguageTag(String)
  case rubyTextOutsideRuby
  case malformedTimestamp(String)
  case timestampBeforeStart(MediaTime, start: MediaTime)
  case timestampAtStart(MediaTime)
  case timestampAfterEnd(MediaTime, end: MediaTime)
  case timestampAtEnd(MediaTime)
  case timestampNotIncreasing(MediaTime, previous: MediaTime)
  case bareAmpersand
  case unknownCharacterReference(String)
  case missingSemicolon(String)
  case invalidCharacterReference(String)
  case tooDeep
  case tooManyProblems(Int)

  /// True when the problem takes text out of the cue: an unknown "tag" with no letter after
  /// `<` (`1 < 2 and <b>`, `<3`), which the parser drops as the WebVTT parsing rules say,
  /// though the writer meant a literal `<`. An unknown tag such as `<font color=red>` loses
  /// only itself.
  var losesText: Bool {
    // An end tag holds no text, whatever its name.
    guard case .unknownTag(let tag) = self, !tag.hasPrefix("</") else { return false }
    var name = Substring(tag)
    if name.hasPrefix("<") { name = name.dropFirst() }
    if name.hasSuffix(">") { name = name.dropLast() }
    guard let first = name.unicodeScalars.first else { return true }
    return !first.properties.isAlphabetic
  }

  /// The message, after `subject` (`cue 3` or `cue text`).
  func message(subject: String) -> String {
    switch self {
    case .unknownTag(let tag): return "\(subject) has unknown tag \(tag)"
    case .unmatchedEndTag(let name):
      return "\(subject) has end tag </\(name)> with no open <\(name)>"
    case .misnested(let closing, let open):
      return "\(subject) closes <\(closing)> while <\(open)> inside it is still open"
    case .leftOpen(let names, let more):
      let list = names.map { "<\($0)>" }.joined(separator: ", ")
      return "\(subject) leaves \(list)\(more > 0 ? " and \(more) more" : "") open at its end"
    case .voiceWithoutName: return "\(subject) has <v> without a voice name"
    case .annotationNotAllowed(let kind, let annotation):
      return
        "\(subject) has <\(kind)> with annotation \(annotation), which only <v> and <lang> take"
    case .emptyClassName(let kind): return "\(subject) has <\(kind)> with an empty class name"
    case .languageWithoutTag: return "\(subject) has <lang> without a language tag"
    case .malformedLanguageTag(let tag):
      return "\(subject) has <lang> with malformed language tag \(tag)"
    case .rubyTextOutsideRuby: return "\(subject) has <rt> outside <ruby>"
    case .malformedTimestamp(let tag): return "\(subject) has malformed timestamp \(tag)"
    case .timestampBeforeStart(let time, let start):
      return "\(subject) has timestamp \(time) before its start \(start)"
    case .timestampAtStart(let time):
      return "\(subject) has timestamp \(time) at its start, not after it"
    case .timestampAfterEnd(let time, let end):
      return "\(subject) has timestamp \(time) after its end \(end)"
    case .timestampAtEnd(let time):
      return "\(subject) has timestamp \(time) at its end, not before it"
    case .timestampNotIncreasing(let time, let previous):
      return "\(subject) has timestamp \(time), not after the previous timestamp \(previous)"
    case .bareAmpersand: return "\(subject) has & that starts no character reference"
    case .unknownCharacterReference(let reference):
      return "\(subject) has unknown character reference \(reference)"
    case .missingSemicolon(let reference):
      return "\(subject) has character reference \(reference) without its final ;"
    case .invalidCharacterReference(let reference):
      return "\(subject) has character reference \(reference) that is not a valid character"
    case .tooDeep:
      return "\(subject) nests tags more than \(CueText.maximumDepth) deep; deeper tags are ignored"
    case .tooManyProblems(let count):
      return "\(subject) has more problems in its text; only the first \(count) are reported"
    }
  }

  var hint: String? {
    switch self {
    case .unknownTag:
      return "use c, i, b, u, ruby, rt, v, lang or a timestamp; write &lt; for a literal <"
    case .unmatchedEndTag(let name): return "remove </\(name)> or add <\(name)> before it"
    case .misnested(_, let open): return "close </\(open)> first"
    case .leftOpen(let names, _):
      return "add " + names.reversed().map { "</\($0)>" }.joined() + " at the end"
    case .voiceWithoutName: return "name the voice: <v Name>"
    case .annotationNotAllowed(let kind, _): return "remove the annotation: <\(kind)>"
    case .emptyClassName: return "remove the extra . or name the class"
    case .languageWithoutTag: return "give a BCP 47 tag: <lang en>"
    case .malformedLanguageTag: return "use a BCP 47 tag such as en, pt-BR or zh-Hant"
    case .rubyTextOutsideRuby: return "put <rt> directly inside <ruby>"
    case .malformedTimestamp: return "write the timestamp as <hh:mm:ss.ttt>"
    case .timestampBeforeStart, .timestampAtStart, .timestampAfterEnd, .timestampAtEnd:
      return "keep inner timestamps between the cue's start and end"
    case .timestampNotIncreasing: return "put inner timestamps in increasing order"
    case .bareAmpersand, .unknownCharacterReference: return "write &amp; for a literal &"
    case .missingSemicolon(let reference): return "write \(reference);"
    case .invalidCharacterReference: return "write the character itself"
    case .tooDeep, .tooManyProblems: return nil
    }
  }
}
