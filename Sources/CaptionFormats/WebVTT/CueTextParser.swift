public import CaptionCore

/// The WebVTT cue text parsing rules: raw cue text to a `CueText` tree.
///
/// Follows the W3C algorithm exactly (tokenizer states, tree construction, HTML character
/// references), reports each deviation from the cue text syntax as `parse.webvtt`, and
/// ignores tags nested more than `CueText.maximumDepth` deep, keeping their text.
public enum CueTextParser {
  /// The most diagnostics one cue text yields; one more says that some were left out.
  public static let maximumDiagnostics = 100

  /// Parses `text`, the cue text of one cue. `location` is where the text starts in the file
  /// (used to place diagnostics); `cueRange` bounds the inner timestamps; `cue` names the cue
  /// in messages and diagnostics.
  public static func parse(
    _ text: String, location: SourceLocation? = nil, cueRange: TimeRange? = nil,
    file: String? = nil, cue: CueReference? = nil
  ) -> (text: CueText, diagnostics: [Diagnostic]) {
    var utf8 = text.utf8
    let result = utf8.withContiguousStorageIfAvailable { buffer in
      parse(buffer, plain: text, location: location, cueRange: cueRange, file: file, cue: cue)
    }
    if let result { return result }
    // A string without contiguous UTF-8 storage: make it native and try again.
    utf8 = (text + "").utf8
    let bytes = Array(utf8)
    return bytes.withUnsafeBufferPointer {
      parse($0, plain: text, location: location, cueRange: cueRange, file: file, cue: cue)
    }
  }

  private static func parse(
    _ input: UnsafeBufferPointer<UInt8>, plain: String, location: SourceLocation?,
    cueRange: TimeRange?, file: String?, cue: CueReference?
  ) -> (text: CueText, diagnostics: [Diagnostic]) {
    // Without `<` or `&` the text is one text node: share the string, build no tree.
    var hasMarkup = false
    for byte in input where byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") {
      hasMarkup = true
      break
    }
    if !hasMarkup { return (CueText(plain: plain), []) }
    var builder = CueTextTreeBuilder(
      input: input, location: location, cueRange: cueRange, file: file, cue: cue)
    return builder.build()
  }

  /// Checks `text` as `parse` does, but keeps it as written: a text with markup gets its tree
  /// built on demand (`CueText(markup:syntax:)`), so a large track holds no trees.
  /// `lineOffsets`, when given, are where the text's lines start in the file, for a text whose
  /// lines the file ends otherwise than with `\n`.
  static func check(
    _ text: String, location: SourceLocation?, lineOffsets: [Int]? = nil,
    cueRange: TimeRange?, file: String?, cue: CueReference?, allowsShortcut: Bool = true
  ) -> (text: CueText, diagnostics: [Diagnostic]) {
    var bytes = text
    return bytes.withUTF8 { input in
      let checked = check(
        input, location: location, lineOffsets: lineOffsets, cueRange: cueRange, file: file,
        cue: cue, allowsShortcut: allowsShortcut)
      if !checked.hasMarkup { return (CueText(plain: text), []) }
      return (CueText(markup: text, syntax: WebVTTCueTextMarkup.shared), checked.diagnostics)
    }
  }

  /// Checks the cue text `input` as `parse` does, building no tree: whether it has markup
  /// (`<` or `&`; without, it is one text node), and the findings. Text with nothing to
  /// report is found without the cue text parser, unless `allowsShortcut` is false.
  static func check(
    _ input: UnsafeBufferPointer<UInt8>, location: SourceLocation?, lineOffsets: [Int]? = nil,
    cueRange: TimeRange?, file: String?, cue: CueReference?, allowsShortcut: Bool = true
  ) -> (hasMarkup: Bool, writtenForm: Bool, diagnostics: [Diagnostic]) {
    var hasMarkup = false
    var index = CueTextSerializer.skipPlain(input, from: 0)
    while index < input.count {
      if input[index] == UInt8(ascii: "<") || input[index] == UInt8(ascii: "&") {
        hasMarkup = true
        break
      }
      index = CueTextSerializer.skipPlain(input, from: index + 1)
    }
    if !hasMarkup { return (false, false, []) }
    if allowsShortcut, let openTags = cleanOpenTags(input) { return (true, openTags == 0, []) }
    var builder = CueTextTreeBuilder(
      input: input, location: location, lineOffsets: lineOffsets, cueRange: cueRange,
      file: file, cue: cue, buildsTree: false)
    return (true, false, builder.build().diagnostics)
  }

  /// The number of tags `input` leaves open (0, or 1 for a `<v>`) when it has nothing the
  /// reader's check reports: it is in the form `CueTextSerializer.appendCanonical` copies
  /// (known tags with class names and voices, closed in order, `&amp;`, `&lt;` and `&gt;`) and
  /// leaves no tag open but one `<v>`; else nil.
  private static func cleanOpenTags(_ input: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let (open, depth) = CueTextSerializer.openTags(ofCanonical: input, webVTT: true) else {
      return nil
    }
    return depth == 0 || (depth == 1 && open == 5) ? depth : nil
  }
}
