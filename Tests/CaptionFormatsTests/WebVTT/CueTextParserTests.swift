import CaptionCore
import CaptionFormats
import Testing

/// The cue text of cue 3, starting at line 10, column 1 (byte 100) of `movie.vtt`, timed
/// 00:00:01.000 --> 00:00:05.000.
private let cue = CueReference(
  index: 3, id: "intro", start: MediaTime(milliseconds: 1000), end: MediaTime(milliseconds: 5000))
private let start = SourceLocation(line: 10, column: 1, offset: 100)

private func parse(_ text: String) -> (text: CueText, diagnostics: [Diagnostic]) {
  CueTextParser.parse(text, location: start, cueRange: cue.range, file: "movie.vtt", cue: cue)
}

/// Each diagnostic as `line:column: message`.
private func findings(_ text: String) -> [String] {
  parse(text).diagnostics.map {
    "\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)"
  }
}

extension CueReference {
  fileprivate var range: TimeRange { TimeRange(start: start, end: end) }
}

private func element(
  _ kind: CueElement.Kind, _ classes: [String] = [], _ annotation: String? = nil,
  _ children: CueNode...
) -> CueNode {
  .element(CueElement(kind: kind, classes: classes, annotation: annotation, children: children))
}

@Suite struct CueTextParserTests {
  // MARK: Trees

  @Test func plainTextSharesTheStringAndBuildsNoTree() throws {
    let text = String(repeating: "plain caption text ", count: 100)
    let parsed = parse(text)
    let plain = try #require(parsed.text.plainString)
    #expect(plain == text)
    #expect(parsed.diagnostics.isEmpty)
    let original = text.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
    let shared = plain.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
    #expect(original != nil && original == shared)
  }

  @Test func tagsWithClassesAndAnnotations() {
    let parsed = parse(
      "<v.first.loud Esme Weatherwax>It's <c.yellow>a</c> <i>blue</i> <b>apple</b> <u>tree</u>!</v>"
    )
    #expect(
      parsed.text.nodes == [
        element(
          .voice, ["first", "loud"], "Esme Weatherwax", .text("It's "),
          element(.class, ["yellow"], nil, .text("a")), .text(" "),
          element(.italic, [], nil, .text("blue")), .text(" "),
          element(.bold, [], nil, .text("apple")), .text(" "),
          element(.underline, [], nil, .text("tree")), .text("!"))
      ])
    #expect(parsed.diagnostics.isEmpty)
  }

  @Test func annotationsAreCollapsedAndDecoded() {
    let parsed = parse("<v \t Tom &amp;\n Jerry >x</v>")
    #expect(parsed.text.nodes == [element(.voice, [], "Tom & Jerry", .text("x"))])
  }

  @Test func annotationsOnOtherTagsAreDropped() {
    #expect(parse("<i.a. b>x</i>").text.nodes == [element(.italic, ["a"], nil, .text("x"))])
  }

  @Test func annotationOnATagThatTakesNone() throws {
    #expect(
      findings("x\n<c.a   yellow  sun>y</c>") == [
        "11:1: cue 3 has <c> with annotation yellow sun, which only <v> and <lang> take"
      ])
    #expect(parse("<b x>y</b>").diagnostics.first?.hint == "remove the annotation: <b>")
  }

  @Test func longValuesAreCutInMessages() {
    let name = String(repeating: "x", count: 1_000)
    #expect(
      findings("<lang \(name)>a</lang>") == [
        "10:1: cue 3 has <lang> with malformed language tag \(name.prefix(40))…"
      ])
    #expect(
      findings("<\(name)>a") == ["10:1: cue 3 has unknown tag <\(name.prefix(39))…"])
  }

  @Test func emptyClassName() {
    #expect(findings("a <i.a..b>x</i>") == ["10:3: cue 3 has <i> with an empty class name"])
    #expect(findings("<c.>x</c>") == ["10:1: cue 3 has <c> with an empty class name"])
    #expect(parse("<c.>x</c>").text.nodes == [element(.class, [], nil, .text("x"))])
  }

  @Test func languageSpans() {
    let parsed = parse("Sur les <lang en>playground</lang>, ici")
    #expect(
      parsed.text.nodes == [
        .text("Sur les "), element(.language, [], "en", .text("playground")), .text(", ici"),
      ])
    #expect(parsed.diagnostics.isEmpty)
  }

  @Test func rubyClosesItsRubyText() {
    let parsed = parse("<ruby>漢<rt>kan</rt>字<rt>ji</ruby>!")
    #expect(
      parsed.text.nodes == [
        element(
          .ruby, [], nil, .text("漢"), element(.rubyText, [], nil, .text("kan")), .text("字"),
          element(.rubyText, [], nil, .text("ji"))),
        .text("!"),
      ])
    #expect(parsed.diagnostics.isEmpty)
  }

  @Test func innerTimestamps() {
    let parsed = parse("One <00:00:02.000>two <00:03.500>three")
    #expect(
      parsed.text.nodes == [
        .text("One "), .timestamp(MediaTime(milliseconds: 2000)), .text("two "),
        .timestamp(MediaTime(milliseconds: 3500)), .text("three"),
      ])
    #expect(parsed.diagnostics.isEmpty)
  }

  @Test func characterReferences() {
    let parsed = parse("Tom &amp; Jerry &lt;3 &#x1F600; &#233; &nsubE; &ClockwiseContourIntegral;")
    #expect(parsed.text.plainString == "Tom & Jerry <3 😀 é ⫅̸ ∲")
    #expect(parsed.diagnostics.isEmpty)
  }

  @Test func legacyReferencesWithoutSemicolonAreTakenAndReported() {
    let parsed = parse("&notit; &copy 2024")
    #expect(parsed.text.plainString == "¬it; © 2024")
    #expect(
      findings("&notit; &copy 2024") == [
        "10:1: cue 3 has character reference &not without its final ;",
        "10:9: cue 3 has character reference &copy without its final ;",
      ])
  }

  @Test func lineBreaksStayInText() {
    #expect(parse("<i>one\ntwo</i>").text.nodes == [element(.italic, [], nil, .text("one\ntwo"))])
  }

  // MARK: Diagnostics

  @Test func unknownTag() throws {
    let diagnostics = parse("a <foo>b</foo>").diagnostics
    #expect(diagnostics.count == 1)
    let diagnostic = try #require(diagnostics.first)
    #expect(diagnostic.rule == "parse.webvtt")
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.message == "cue 3 has unknown tag <foo>")
    #expect(diagnostic.location == SourceLocation(line: 10, column: 3, offset: 102))
    #expect(diagnostic.file == "movie.vtt")
    #expect(diagnostic.cue == cue)
    #expect(
      diagnostic.hint
        == "use c, i, b, u, ruby, rt, v, lang or a timestamp; write &lt; for a literal <")
    #expect(parse("a <foo>b</foo>").text.nodes == [.text("a "), .text("b")])
  }

  @Test func unknownTagOnALaterLineCountsBytes() {
    #expect(
      findings("first line\nét <font color=red>x</font>") == [
        "11:5: cue 3 has unknown tag <font color=red>"
      ])
  }

  @Test func controlCharactersInTagsAreShownEscaped() {
    #expect(
      findings("<\tx\u{C}>a</\nb>") == [
        "10:1: cue 3 has unknown tag <\\tx\\u{C}>",
        "10:7: cue 3 has unknown tag </\\nb>",
      ])
  }

  @Test func unknownEndTag() {
    #expect(findings("a</span>") == ["10:2: cue 3 has unknown tag </span>"])
  }

  @Test func unmatchedEndTag() throws {
    #expect(findings("a</i> b") == ["10:2: cue 3 has end tag </i> with no open <i>"])
    #expect(parse("a</i>").diagnostics.first?.hint == "remove </i> or add <i> before it")
  }

  @Test func misnestedEndTag() {
    #expect(
      findings("<b><i>x</b></i>") == [
        "10:8: cue 3 closes <b> while <i> inside it is still open",
        "10:1: cue 3 leaves <b> open at its end",
      ])
    #expect(parse("<b><i>x</b></i>").diagnostics.first?.hint == "close </i> first")
  }

  @Test func tagsLeftOpen() throws {
    let diagnostics = parse("x\n<i>a<b>b").diagnostics
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.message == "cue 3 leaves <i>, <b> open at its end")
    #expect(diagnostics.first?.location == SourceLocation(line: 11, column: 1, offset: 102))
    #expect(diagnostics.first?.hint == "add </b></i> at the end")
  }

  @Test func aLoneVoiceMayStayOpen() {
    #expect(findings("<v Roger>We are in New York City").isEmpty)
    #expect(
      findings("<v Roger>Hi</v> <v Neil>Hello") == ["10:17: cue 3 leaves <v> open at its end"])
  }

  @Test func voiceWithoutName() {
    #expect(findings("<v>Hi</v>") == ["10:1: cue 3 has <v> without a voice name"])
    #expect(findings("<v.loud   >Hi</v>") == ["10:1: cue 3 has <v> without a voice name"])
  }

  @Test func languageWithoutTag() {
    #expect(findings("x <lang>y</lang>") == ["10:3: cue 3 has <lang> without a language tag"])
  }

  @Test func malformedLanguageTag() {
    #expect(
      findings("<lang en_US>y</lang>") == [
        "10:1: cue 3 has <lang> with malformed language tag en_US"
      ])
    #expect(findings("<lang zh-Hant-TW>y</lang>").isEmpty)
  }

  @Test func rubyTextOutsideRuby() {
    let parsed = parse("a<rt>b</rt>")
    #expect(findings("a<rt>b</rt>") == ["10:2: cue 3 has <rt> outside <ruby>"])
    #expect(parsed.text.nodes == [.text("a"), .text("b")])
    #expect(findings("<ruby>a<b><rt>b</rt></b></ruby>") == ["10:11: cue 3 has <rt> outside <ruby>"])
  }

  @Test func malformedTimestamp() {
    #expect(findings("a<00:00:1.000>b") == ["10:2: cue 3 has malformed timestamp <00:00:1.000>"])
    #expect(findings("<1:00.000>") == ["10:1: cue 3 has malformed timestamp <1:00.000>"])
  }

  @Test func timestampBeforeStart() {
    #expect(
      findings("a<00:00:00.500>b") == [
        "10:2: cue 3 has timestamp 00:00:00.500 before its start 00:00:01.000"
      ])
    #expect(
      findings("<00:00:01.000>b") == [
        "10:1: cue 3 has timestamp 00:00:01.000 at its start, not after it"
      ])
  }

  @Test func timestampAfterEnd() {
    #expect(
      findings("a\nb<00:00:06.000>c") == [
        "11:2: cue 3 has timestamp 00:00:06.000 after its end 00:00:05.000"
      ])
    #expect(
      findings("<00:05.000>b") == [
        "10:1: cue 3 has timestamp 00:00:05.000 at its end, not before it"
      ])
  }

  @Test func timestampNotIncreasing() {
    #expect(
      findings("<00:00:03.000>a <00:00:02.000>b") == [
        "10:17: cue 3 has timestamp 00:00:02.000, not after the previous timestamp 00:00:03.000"
      ])
  }

  @Test func bareAmpersand() {
    #expect(findings("Tom & Jerry") == ["10:5: cue 3 has & that starts no character reference"])
    #expect(findings("&#;") == ["10:1: cue 3 has & that starts no character reference"])
    #expect(parse("Tom & Jerry").text.plainString == "Tom & Jerry")
    #expect(parse("a&").diagnostics.first?.hint == "write &amp; for a literal &")
  }

  @Test func unknownCharacterReference() {
    #expect(findings("a &foo; b") == ["10:3: cue 3 has unknown character reference &foo;"])
    #expect(parse("a &foo; b").text.plainString == "a &foo; b")
  }

  @Test func missingSemicolon() {
    #expect(
      findings("a &amp b") == ["10:3: cue 3 has character reference &amp without its final ;"])
    #expect(parse("&amp b").diagnostics.first?.hint == "write &amp;")
    #expect(findings("&#233") == ["10:1: cue 3 has character reference &#233 without its final ;"])
  }

  @Test func invalidNumericReference() {
    #expect(
      findings("&#0; &#xD800; &#150;") == [
        "10:1: cue 3 has character reference &#0; that is not a valid character",
        "10:6: cue 3 has character reference &#xD800; that is not a valid character",
        "10:15: cue 3 has character reference &#150; that is not a valid character",
      ])
    #expect(parse("&#0;&#xD800;&#150;&#x110000;").text.plainString == "\u{FFFD}\u{FFFD}–\u{FFFD}")
  }

  @Test func referenceInsideAnAnnotation() {
    #expect(
      findings("<v Tom & Jerry>x</v>") == ["10:8: cue 3 has & that starts no character reference"])
  }

  @Test func withoutCueOrLocation() throws {
    let diagnostic = try #require(CueTextParser.parse("ab\n<x>").diagnostics.first)
    #expect(diagnostic.message == "cue text has unknown tag <x>")
    #expect(diagnostic.location == SourceLocation(line: 2, column: 1, offset: 3))
    #expect(diagnostic.cue == nil)
    #expect(diagnostic.file == nil)
  }

  @Test func diagnosticsAreCapped() {
    let diagnostics = parse(String(repeating: "& ", count: 500)).diagnostics
    #expect(diagnostics.count == CueTextParser.maximumDiagnostics + 1)
    #expect(
      diagnostics.last?.message
        == "cue 3 has more problems in its text; only the first 100 are reported")
    #expect(diagnostics.last?.location == SourceLocation(line: 10, column: 201, offset: 300))
  }

  // MARK: Hostile input

  @Test func fiveMegabytesOnOneLine() {
    let unit = "word &amp; <b>bold</b> "
    let count = 5_000_000 / unit.utf8.count
    let parsed = parse(String(repeating: unit, count: count))
    #expect(parsed.diagnostics.isEmpty)
    #expect(parsed.text.nodes.count == 2 * count + 1)
    #expect(parsed.text.nodes.last == .text(" "))
    #expect(parsed.text.nodes.first == .text("word & "))
    #expect(parsed.text.visibleText.utf8.count == count * "word & bold ".utf8.count)
  }

  @Test func fiveMegabytesOfPlainText() {
    let text = String(repeating: "plain ", count: 5_000_000 / 6)
    #expect(parse(text).text.plainString == text)
  }

  @Test func aMillionReferencesInOneAnnotation() {
    let count = 1_000_000
    let parsed = parse("<v " + String(repeating: "&amp;", count: count) + ">x</v>")
    #expect(parsed.diagnostics.isEmpty)
    guard case .element(let voice)? = parsed.text.nodes.first else {
      Issue.record("no voice")
      return
    }
    #expect(voice.annotation?.utf8.count == count)
    #expect(voice.children == [.text("x")])
  }

  @Test func deepNestingIsFlattened() {
    let depth = 100_000
    let text =
      String(repeating: "<i>", count: depth) + "deep" + String(repeating: "</i>", count: depth)
      + " after"
    let parsed = parse(text)
    #expect(maximumDepth(of: parsed.text) == CueText.maximumDepth)
    #expect(parsed.text.visibleText == "deep after")
    #expect(
      findings(text) == [
        "10:769: cue 3 nests tags more than 256 deep; deeper tags are ignored"
      ])
    guard case .element(let outer)? = parsed.text.nodes.first else {
      Issue.record("no element")
      return
    }
    #expect(outer.kind == .italic)
    #expect(parsed.text.nodes.last == .text(" after"))
  }

  @Test func deepNestingLeftOpen() {
    let text = String(repeating: "<i>", count: 100_000) + "deep"
    let parsed = parse(text)
    #expect(maximumDepth(of: parsed.text) == CueText.maximumDepth)
    #expect(parsed.text.visibleText == "deep")
    #expect(
      findings(text) == [
        "10:769: cue 3 nests tags more than 256 deep; deeper tags are ignored",
        "10:1: cue 3 leaves <i>, <i>, <i>, <i>, <i>, <i>, <i>, <i> and 99992 more open at its end",
      ])
  }

  @Test func manyUnmatchedEndTagsStayLinear() {
    let parsed = parse(String(repeating: "</i>", count: 200_000) + "x")
    #expect(parsed.text.plainString == "x")
    #expect(parsed.diagnostics.count == CueTextParser.maximumDiagnostics + 1)
  }
}

/// The deepest element nesting of a tree, found without recursion.
private func maximumDepth(of text: CueText) -> Int {
  var deepest = 0
  var stack: [(nodes: [CueNode], depth: Int)] = [(text.nodes, 0)]
  while let (nodes, depth) = stack.popLast() {
    deepest = max(deepest, depth)
    for case .element(let element) in nodes { stack.append((element.children, depth + 1)) }
  }
  return deepest
}
