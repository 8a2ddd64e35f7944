import CaptionCore
import CaptionFormats
import Testing

/// SRT cue text markup read into the `CueText` tree, and each markup repair.
@Suite struct SRTMarkupTests {
  /// Reads one cue whose text is `text` (the timing line is line 2, the text starts on line 3).
  private func cue(_ text: String) throws -> (cue: Cue, findings: [String]) {
    let result = SRTReader.read("1\n00:00:01,000 --> 00:00:02,000\n\(text)\n")
    let cue = try #require(result.track.cues.first)
    #expect(result.track.cues.count == 1)
    #expect(cue.rawText == text)
    return (cue, result.diagnostics.map(\.summary))
  }

  @Test func readsItalicBoldAndUnderline() throws {
    let (cue, findings) = try cue("<i>One</i>, <b>two</b>\n<u>three <i>four</i></u>")
    #expect(findings.isEmpty)
    #expect(cue.text.dump == #"i("One") ", " b("two") "\n" u("three " i("four"))"#)
    #expect(cue.text.visibleText == "One, two\nthree four")
    #expect(cue.settings == .default)
  }

  @Test func keepsPlainTextWithoutATree() throws {
    let (cue, findings) = try cue("Tom & Jerry: a < b, c > d")
    #expect(findings.isEmpty)
    #expect(cue.text.plainString == "Tom & Jerry: a < b, c > d")
  }

  @Test func keepsAmpersandsAndEntitiesAsLiteralText() throws {
    let (cue, findings) = try cue("<i>Fish &amp; chips</i> & more")
    #expect(findings.isEmpty)
    #expect(cue.text.dump == #"i("Fish &amp; chips") " & more""#)
  }

  @Test func readsUppercaseTagsAndReportsThem() throws {
    let (cue, findings) = try cue("<I>loud</i> <U>x</U>")
    #expect(
      findings == [
        "3:1: warning: uppercase tag '<I>' in cue 1 read as <i>",
        "3:13: warning: uppercase tag '<U>' in cue 1 read as <u>",
        "3:17: warning: uppercase tag '</U>' in cue 1 read as </u>",
      ])
    #expect(cue.text.dump == #"i("loud") " " u("x")"#)
  }

  @Test func closesUnclosedTagsAtTheEndOfTheCue() throws {
    let one = try cue("a <i>b")
    #expect(one.findings == ["3:3: warning: <i> in cue 1 is not closed"])
    #expect(one.cue.text.dump == #""a " i("b")"#)
    let three = try cue("<b>a <i>b <u>c")
    #expect(three.findings == ["3:1: warning: <b> and 2 more tags in cue 1 are not closed"])
    #expect(three.cue.text.dump == #"b("a " i("b " u("c")))"#)
  }

  @Test func repairsMisnestedTags() throws {
    let (cue, findings) = try cue("<i>a<b>b</i>c</b>")
    #expect(
      findings == ["3:9: warning: '</i>' in cue 1 closes inside <b>, which is reopened after it"])
    #expect(cue.text.dump == #"i("a" b("b")) b("c")"#)
  }

  @Test func removesAClosingTagWithNoOpeningTag() throws {
    let (cue, findings) = try cue("a</i>b")
    #expect(findings == ["3:2: warning: '</i>' in cue 1 has no opening tag, removed"])
    #expect(cue.text.dump == #""a" "b""#)
    #expect(cue.text.visibleText == "ab")
  }

  @Test func keepsUnknownTagsAsText() throws {
    let (cue, findings) = try cue("<s>struck</s> <3")
    #expect(
      findings == [
        "3:1: warning: unknown tag '<s>' in cue 1 kept as text",
        "3:10: warning: unknown tag '</s>' in cue 1 kept as text",
      ])
    #expect(cue.text.dump == #""<s>struck</s> <3""#)
  }

  /// HTML's `<br>` breaks the line, as FFmpeg's and VLC's readers show it; before a line
  /// break or at the end it adds no empty line.
  @Test func readsBrTagsAsLineBreaks() throws {
    let (cue, findings) = try cue("one<br>two<BR/><i>three<br />\nfour</i> <br>")
    #expect(
      findings == [
        "3:4: warning: tag '<br>' in cue 1 read as a line break",
        "3:11: warning: tag '<BR/>' in cue 1 read as a line break",
        "3:24: warning: tag '<br />' in cue 1 read as a line break",
        "4:10: warning: tag '<br>' in cue 1 read as a line break",
      ])
    #expect(cue.text.visibleText == "one\ntwo\nthree\nfour ")
    // Not a line break: a closing tag, another name, something after the slash.
    let other = try self.cue("a</br><brx><br/x>")
    #expect(other.cue.text.visibleText == "a</br><brx><br/x>")
  }

  /// ASS's `\N` and `\n` break the line and `\h` is a no-break space, as FFmpeg's and VLC's
  /// readers show them, with or without tags around; a backslash before anything else is text.
  @Test func readsASSEscapesAsPlayersShowThem() throws {
    let (cue, findings) = try cue(#"one\Ntwo\nthree\hfour C:\Tools\ \\N"#)
    #expect(
      findings == [
        #"3:4: warning: '\N' in cue 1 read as a line break"#,
        #"3:9: warning: '\n' in cue 1 read as a line break"#,
        #"3:16: warning: '\h' in cue 1 read as a no-break space"#,
        #"3:34: warning: '\N' in cue 1 read as a line break"#,
      ])
    // At the end, `\N` adds no empty line; the backslash before it stays.
    #expect(cue.text.visibleText == "one\ntwo\nthree\u{A0}four C:\\Tools\\ \\")
    let tagged = try self.cue(#"<i>One\Ntwo</i>\N"#)
    #expect(tagged.cue.text.dump == #"i("One\ntwo")"#)
    let plain = try self.cue(#"a\b \H \"#)
    #expect(plain.findings.isEmpty)
    #expect(plain.cue.text.visibleText == #"a\b \H \"#)
  }

  @Test(arguments: [
    ("<font color=\"#ffff00\">x</font>", "yellow"),
    ("<font color=\"#FF0\">x</font>", "yellow"),
    ("<font color=yellow>x</font>", "yellow"),
    ("<font color='White'>x</font>", "white"),
    ("<font color=\"#FF8800\">x</font>", "color-ff8800"),
    ("<font color=\"#f80\">x</font>", "color-ff8800"),
    ("<font color=\"orange\">x</font>", "color-orange"),
    ("<FONT COLOR=\"#00FFFF\">x</FONT>", "cyan"),
  ])
  func readsFontColoursAsClasses(text: String, className: String) throws {
    let (cue, _) = try cue(text)
    #expect(
      cue.text.nodes == [
        .element(CueElement(kind: .class, classes: [className], children: [.text("x")]))
      ])
  }

  @Test func reportsFontAttributesItIgnores() throws {
    let (cue, findings) = try cue("<font face=\"Arial\" size=\"20\" color=\"red\">x</font>")
    #expect(
      findings == [
        "3:1: warning: font attribute 'face' in cue 1 ignored",
        "3:1: warning: font attribute 'size' in cue 1 ignored",
      ])
    #expect(cue.text.dump == #"c.red("x")"#)
    let bad = try self.cue("<font color=\"no colour\">x</font>")
    #expect(bad.findings == ["3:1: warning: font color 'no colour' in cue 1 ignored"])
    #expect(bad.cue.text.dump == #""x""#)
  }

  @Test(
    arguments: [
      (1, nil, true, CueSettings.LineAlign.start, CueSettings.Align.left),
      (2, nil, true, .start, .center),
      (3, nil, true, .start, .right),
      (4, 50, false, .center, .left),
      (5, 50, false, .center, .center),
      (6, 50, false, .center, .right),
      (7, 0, true, .start, .left),
      (8, 0, true, .start, .center),
      (9, 0, true, .start, .right),
    ] as [(Int, Double?, Bool, CueSettings.LineAlign, CueSettings.Align)])
  func readsAlignmentTags(
    n: Int, line: Double?, snapToLines: Bool, lineAlign: CueSettings.LineAlign,
    align: CueSettings.Align
  ) throws {
    let (cue, findings) = try cue("{\\an\(n)}Text")
    #expect(findings.isEmpty)
    #expect(
      cue.settings
        == CueSettings(line: line, snapToLines: snapToLines, lineAlign: lineAlign, align: align))
    #expect(cue.text.plainString == "Text")
  }

  @Test func readsAnEightAsTheTopLine() throws {
    let (cue, _) = try cue("{\\an8}<i>Top</i>")
    #expect(cue.settings.line == 0)
    #expect(cue.settings.snapToLines)
    #expect(cue.text.dump == #"i("Top")"#)
  }

  @Test func removesOtherOverridesAndReportsThem() throws {
    let (cue, findings) = try cue("{\\an8}{\\an2}{\\pos(10,20)\\b1}Hi {\\i1}there{\\i0}")
    #expect(
      findings == [
        "3:7: warning: second alignment '{\\an2}' in cue 1 removed, the first one is used",
        "3:13: warning: override '{\\pos(10,20)\\b1}' in cue 1 removed",
        "3:32: warning: override '{\\i1}' in cue 1 removed",
        "3:42: warning: override '{\\i0}' in cue 1 removed",
      ])
    #expect(cue.settings.line == 0)
    #expect(cue.text.dump == #""Hi there""#)
    #expect(cue.text.visibleText == "Hi there")
  }

  @Test func keepsBracesThatAreNotOverrides() throws {
    let (cue, findings) = try cue("{laughs} {\\unclosed")
    #expect(findings.isEmpty)
    #expect(cue.text.plainString == "{laughs} {\\unclosed")
  }

  @Test func boundsNestingDepth() throws {
    let depth = CueText.maximumDepth + 10
    let text =
      String(repeating: "<i>", count: depth) + "x" + String(repeating: "</i>", count: depth)
    let (cue, findings) = try cue(text)
    #expect(
      findings == [
        "3:\(CueText.maximumDepth * 3 + 1): warning: tags in cue 1 nested deeper than \(CueText.maximumDepth) levels flattened"
      ])
    var levels = 0
    var nodes = cue.text.nodes
    while case .element(let element)? = nodes.first {
      levels += 1
      nodes = element.children
    }
    #expect(levels == CueText.maximumDepth)
    #expect(nodes == [.text("x")])
  }
}
