import CaptionCore

/// The tree construction half of the WebVTT cue text parsing rules, with the syntax checks
/// a conformance checker adds.
struct CueTextTreeBuilder {
  /// An element being built: its start tag and the children collected so far.
  private struct Frame {
    var kind: CueElement.Kind
    var classes: [String]
    var annotation: String?
    var children: [CueNode] = []
    var tagOffset: Int
  }

  private var tokenizer: CueTextTokenizer
  private let cueRange: TimeRange?
  private var reporter: CueTextReporter

  /// The top-level nodes.
  private var root: [CueNode] = []
  /// Open elements, outermost first; at most `CueText.maximumDepth`.
  private var stack: [Frame] = []
  /// Start tags ignored for depth, innermost last, each with the offset of its tag: they
  /// still pair with their end tags.
  private var overflow: [(kind: CueElement.Kind, offset: Int)] = []
  /// How many elements of each kind `overflow` holds.
  private var overflowCounts = [CueElement.Kind: Int]()
  /// Names of start tags ignored as unknown or misplaced, whose end tags are not reported
  /// again.
  private var ignoredStartTags = [[UInt8]: Int]()
  private var previousTimestamp: MediaTime?
  /// False to check the text only: no node is built.
  private let buildsTree: Bool

  init(
    input: UnsafeBufferPointer<UInt8>, location: SourceLocation?, lineOffsets: [Int]? = nil,
    cueRange: TimeRange?, file: String?, cue: CueReference?, buildsTree: Bool = true
  ) {
    self.buildsTree = buildsTree
    tokenizer = CueTextTokenizer(input)
    self.cueRange = cueRange
    reporter = CueTextReporter(
      input: input, location: location, lineOffsets: lineOffsets, file: file, cue: cue)
  }

  mutating func build() -> (text: CueText, diagnostics: [Diagnostic]) {
    while !tokenizer.isAtEnd {
      let token = tokenizer.next()
      reportReferenceProblems()
      switch token {
      case .text:
        if buildsTree { append(.text(tokenizer.makeText())) }
      case .startTag(let name, let classes, let annotation):
        startTag(name: name, classes: classes, annotation: annotation)
      case .endTag(let name):
        endTag(name: name)
      case .timestamp(let value):
        timestamp(value)
      }
    }
    finish()
    return (CueText(nodes: root), reporter.diagnostics)
  }

  // MARK: Tokens

  private mutating func startTag(name: Range<Int>, classes: [Range<Int>], annotation: String?) {
    let offset = tokenizer.tokenStart
    guard let kind = kind(name) else {
      ignoredStartTags[Array(tokenizer.input[name]), default: 0] += 1
      report(.unknownTag(sourceText(from: offset)), at: offset)
      return
    }
    if kind == .rubyText, currentKind != .ruby {
      ignoredStartTags[Array(tokenizer.input[name]), default: 0] += 1
      report(.rubyTextOutsideRuby, at: offset)
      return
    }
    if classes.contains(where: \.isEmpty) {
      report(.emptyClassName(kind: kind.rawValue), at: offset)
    }
    var value: String?
    if kind != .voice, kind != .language, let annotation, !annotation.isEmpty {
      report(
        .annotationNotAllowed(kind: kind.rawValue, annotation: Self.clip(annotation)), at: offset)
    }
    if kind == .voice || kind == .language {
      let string = annotation ?? ""
      value = string
      if kind == .voice, string.isEmpty {
        report(.voiceWithoutName, at: offset)
      } else if kind == .language, string.isEmpty {
        report(.languageWithoutTag, at: offset)
      } else if kind == .language, LanguageTag(string) == nil {
        report(.malformedLanguageTag(Self.clip(string)), at: offset)
      }
    }
    if stack.count >= CueText.maximumDepth {
      overflowCounts[kind, default: 0] += 1
      if overflow.isEmpty, !reporter.reportedDepth {
        reporter.reportedDepth = true
        report(.tooDeep, at: offset)
      }
      overflow.append((kind, offset))
      return
    }
    var names: [String] = []
    if buildsTree {
      for range in classes where !range.isEmpty { names.append(tokenizer.string(range)) }
    }
    stack.append(Frame(kind: kind, classes: names, annotation: value, tagOffset: offset))
  }

  private mutating func endTag(name: Range<Int>) {
    let offset = tokenizer.tokenStart
    let kind = kind(name)
    if let kind, let current = currentKind {
      if kind == current {
        closeCurrent()
        return
      }
      if kind == .ruby, current == .rubyText {
        closeCurrent()
        closeCurrent()
        return
      }
    }
    if !ignoredStartTags.isEmpty {
      let bytes = Array(tokenizer.input[name])
      if let ignored = ignoredStartTags[bytes], ignored > 0 {
        ignoredStartTags[bytes] = ignored - 1
        return
      }
    }
    guard let kind else {
      report(.unknownTag(sourceText(from: offset)), at: offset)
      return
    }
    if let current = currentKind, isOpen(kind) {
      report(.misnested(closing: kind.rawValue, open: current.rawValue), at: offset)
    } else {
      report(.unmatchedEndTag(name: kind.rawValue), at: offset)
    }
  }

  private mutating func timestamp(_ value: Range<Int>) {
    let offset = tokenizer.tokenStart
    guard let time = CueTextTimestamp.parse(UnsafeBufferPointer(rebasing: tokenizer.input[value]))
    else {
      report(.malformedTimestamp(sourceText(from: offset)), at: offset)
      return
    }
    if let cueRange {
      if time < cueRange.start {
        report(.timestampBeforeStart(time, start: cueRange.start), at: offset)
      } else if time == cueRange.start {
        report(.timestampAtStart(time), at: offset)
      } else if time > cueRange.end {
        report(.timestampAfterEnd(time, end: cueRange.end), at: offset)
      } else if time == cueRange.end {
        report(.timestampAtEnd(time), at: offset)
      }
    }
    if let previousTimestamp, time <= previousTimestamp {
      report(.timestampNotIncreasing(time, previous: previousTimestamp), at: offset)
    }
    previousTimestamp = time
    if buildsTree { append(.timestamp(time)) }
  }

  // MARK: Tree

  /// The kind a tag name names, compared as bytes.
  private func kind(_ name: Range<Int>) -> CueElement.Kind? {
    let input = tokenizer.input
    switch name.count {
    case 1:
      switch input[name.lowerBound] {
      case UInt8(ascii: "c"): return .class
      case UInt8(ascii: "i"): return .italic
      case UInt8(ascii: "b"): return .bold
      case UInt8(ascii: "u"): return .underline
      case UInt8(ascii: "v"): return .voice
      default: return nil
      }
    case 2:
      let isRT =
        input[name.lowerBound] == UInt8(ascii: "r")
        && input[name.lowerBound + 1] == UInt8(ascii: "t")
      return isRT ? .rubyText : nil
    case 4:
      if input[name].elementsEqual("ruby".utf8) { return .ruby }
      if input[name].elementsEqual("lang".utf8) { return .language }
      return nil
    default: return nil
    }
  }

  /// True when an element of `kind` is open (the stack holds at most
  /// `CueText.maximumDepth` frames, so the scan is bounded).
  private func isOpen(_ kind: CueElement.Kind) -> Bool {
    if overflowCounts[kind, default: 0] > 0 { return true }
    return stack.contains { $0.kind == kind }
  }

  /// The kind of the innermost open element, counting those ignored for depth.
  private var currentKind: CueElement.Kind? { overflow.last?.kind ?? stack.last?.kind }

  private mutating func append(_ node: CueNode) {
    if stack.isEmpty {
      root.append(node)
    } else {
      stack[stack.count - 1].children.append(node)
    }
  }

  private mutating func closeCurrent() {
    if let ignored = overflow.popLast() {
      overflowCounts[ignored.kind, default: 1] -= 1
      return
    }
    guard let frame = stack.popLast() else { return }
    guard buildsTree else { return }
    append(
      .element(
        CueElement(
          kind: frame.kind, classes: frame.classes, annotation: frame.annotation,
          children: frame.children)))
  }

  /// Reports the elements left open (a lone `<v>` may stay open) and closes them.
  private mutating func finish() {
    let loneVoice =
      stack.count == 1 && overflow.isEmpty && stack[0].kind == .voice && root.isEmpty
    if !stack.isEmpty, !loneVoice {
      let open = stack.map(\.kind.rawValue) + overflow.map(\.kind.rawValue)
      let shown = Array(open.prefix(8))
      report(.leftOpen(shown, more: open.count - shown.count), at: stack[0].tagOffset)
    }
    while !stack.isEmpty || !overflow.isEmpty { closeCurrent() }
  }

  // MARK: Diagnostics

  private mutating func reportReferenceProblems() {
    guard !tokenizer.problems.isEmpty else { return }
    for (problem, offset) in tokenizer.problems {
      switch problem {
      case .bareAmpersand: report(.bareAmpersand, at: offset)
      case .unknownName(let name): report(.unknownCharacterReference(name), at: offset)
      case .missingSemicolon(let name): report(.missingSemicolon(name), at: offset)
      case .invalidCodePoint(let name): report(.invalidCharacterReference(name), at: offset)
      }
    }
    tokenizer.problems.removeAll(keepingCapacity: true)
  }

  private mutating func report(_ problem: CueTextProblem, at offset: Int) {
    reporter.report(problem, at: offset)
  }

  /// The tag as written from `offset` to the tokenizer's position, shortened and with control
  /// characters shown as escapes.
  private func sourceText(from offset: Int) -> String {
    var end = min(tokenizer.position, offset + 40)
    // Never cut a character in two.
    while end > offset, end < tokenizer.input.count, tokenizer.input[end] & 0xC0 == 0x80 {
      end -= 1
    }
    var text = String(
      decoding: UnsafeBufferPointer(rebasing: tokenizer.input[offset..<end]), as: UTF8.self)
    if end < tokenizer.position { text += "…" }
    return Self.escapingControls(text)
  }

  /// `text` cut after 40 characters for a message, control characters escaped.
  private static func clip(_ text: String) -> String {
    guard text.utf8.count > 40 else { return escapingControls(text) }
    return escapingControls(String(text.prefix(40))) + "…"
  }

  /// `text` with control characters shown as escapes: `\n`, `\t`, `\u{C}`.
  private static func escapingControls(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
      return text
    }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
