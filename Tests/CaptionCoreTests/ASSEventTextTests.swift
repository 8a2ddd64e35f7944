import CaptionCore
import Foundation
import Testing

@Suite("ASSEventText")
struct ASSEventTextTests {
  /// The event's text as WebVTT cue text.
  private func raw(_ event: String) throws -> String {
    try #require(ASSEventText(event: event)).rawText
  }

  @Test(
    arguments: [
      ("0,0,Default,,0,0,0,,Hello world", "Hello world"),
      ("1,0,Default,,0,0,0,,{\\i1}Hello{\\i0} world", "<i>Hello</i> world"),
      ("2,0,Default,,0,0,0,,Line one\\NLine two", "Line one\nLine two"),
      ("3,0,Default,,0,0,0,,soft\\nbreak", "soft\nbreak"),
      ("4,0,Default,Narrator,10,10,20,fx,Hello, world, with, commas", "Hello, world, with, commas"),
      ("5,0,Sign,,0,0,0,,{\\pos(320,50)\\fs20\\c&H00FFFF&}SIGN TEXT", "<c.yellow>SIGN TEXT</c>"),
      (
        "6,0,Default,,0,0,0,,{\\b1}Bold{\\b0} and {\\b700}heavy{\\b400} text",
        "<b>Bold</b> and <b>heavy</b> text"
      ),
      ("7,0,Default,,0,0,0,,{\\i1}{\\b1}both{\\b0}{\\i0}", "<i><b>both</b></i>"),
      ("8,0,Default,,0,0,0,,{\\i1}a{\\b1}b{\\i0}c{\\b0}d", "<i>a<b>b</b></i><b>c</b>d"),
      ("9,0,Default,,0,0,0,,{\\i1\\b1}x{\\r}y", "<i><b>x</b></i>y"),
      ("10,0,Default,,0,0,0,,{\\i1}a{\\i}b", "<i>a</i>b"),
      ("11,0,Default,,0,0,0,,{\\u1}under{\\u0}lined", "<u>under</u>lined"),
      ("12,0,Default,,0,0,0,,Wait\\hfor it", "Wait\u{A0}for it"),
      ("13,0,Default,,0,0,0,,{\\p1}m 0 0 l 100 0 100 100 0 100{\\p0}Label", "Label"),
      ("14,0,Default,,0,0,0,,{A translator's note}Hello", "Hello"),
      ("15,0,Default,,0,0,0,,Look {here", "Look {here"),
      ("16,0,Default,,0,0,0,,Tom & Jerry <3 > all", "Tom &amp; Jerry &lt;3 &gt; all"),
      ("17,0,Default,,0,0,0,,{\\t(0,500,\\i1)\\fad(200,200)}fading", "fading"),
      ("18,0,Default,,0,0,0,,  Hello  \\N  world  ", "Hello\nworld"),
      ("19,0,Default,,0,0,0,,Hello\\N", "Hello"),
      ("20,0,Default,,0,0,0,,\\N\\NHello", "Hello"),
      ("21,0,Default,,0,0,0,,{\\k20}Ka{\\k30}ra{\\k25}o{\\k40}ke", "Karaoke"),
      (
        "22,0,Default,,0,0,0,,{\\c&HFF0000&\\3c&H000000&\\bord2\\shad1\\be1}Blue",
        "<c.blue>Blue</c>"
      ),
      ("23,0,Default,,0,0,0,,{\\i1}one\\Ntwo{\\i0}", "<i>one\ntwo</i>"),
      ("24,0,Default,,0,0,0,,{\\i1}- 어디 가?{\\i0}\\N- 집에.", "<i>- 어디 가?</i>\n- 집에."),
      ("25,0,Default,,0,0,0,,{\\fnArial Black\\fs48}大きな声で", "大きな声で"),
      ("26,0,Default,,0,0,0,,", ""),
      ("27,0,Default,,0,0,0,,{\\an8}", ""),
      ("28,0,Default,,0,0,0,,C:\\path\\to", "C:\\path\\to"),
      (
        "29,0,Default,,0,0,0,,{\\i1}[door slams]{\\i0}\\N{\\b1}JOHN:{\\b0} Who's there?",
        "<i>[door slams]</i>\n<b>JOHN:</b> Who's there?"
      ),
      ("30,0,Default,,0,0,0,,{\\b1}{\\b0}{\\i1}{\\i0}empty tags", "empty tags"),
      ("31,0,Default,,0,0,0,,{\\i1}tail ", "<i>tail</i>"),
      ("32,0,Default,,0,0,0,,a{\\i1} {\\i0}b", "a<i> </i>b"),
      ("33,0,Default,,0,0,0,,{\\b1}bold{\\b0}\r\nnext", "<b>bold</b>\nnext"),
      ("34,0,Default,,0,0,0,,{\\i2}not italic, {\\b100}thin", "not italic, thin"),
      ("35,0,Default,,0,0,0,,{\\clip(m 0 0 l 10 0 10 10)}{\\iclip(1,2,3,4)}clipped", "clipped"),
    ] as [(String, String)])
  func cleansEvents(_ event: String, _ expected: String) throws {
    #expect(try raw(event) == expected)
  }

  @Test func overlappingStylesBuildATree() throws {
    let text = try #require(ASSEventText(event: "0,0,Default,,0,0,0,,{\\i1}a{\\b1}b{\\i0}c{\\b0}d"))
      .text
    #expect(
      text.nodes == [
        .element(
          CueElement(
            kind: .italic,
            children: [.text("a"), .element(CueElement(kind: .bold, children: [.text("b")]))])),
        .element(CueElement(kind: .bold, children: [.text("c")])),
        .text("d"),
      ])
  }

  @Test func plainTextHasNoTreeAndEscapesOnlyInTheRawText() throws {
    let plain = try #require(ASSEventText(event: "0,0,Default,,0,0,0,,Line\\Nbreak"))
    #expect(plain.text == CueText(plain: "Line\nbreak"))
    #expect(plain.text.plainString == "Line\nbreak")
    let escaped = try #require(ASSEventText(event: "0,0,Default,,0,0,0,,R&B <live>"))
    #expect(escaped.text.plainString == "R&B <live>")
    #expect(escaped.rawText == "R&amp;B &lt;live&gt;")
  }

  @Test(
    arguments: [
      ("{\\an8}Top", 0.0 as Double?, true, CueSettings.LineAlign.start, CueSettings.Align.center),
      ("{\\an7}Top left", 0, true, .start, .left),
      ("{\\an9}Top right", 0, true, .start, .right),
      ("{\\an5}Middle", 50, false, .center, .center),
      ("{\\an4}Middle left", 50, false, .center, .left),
      ("{\\an1}Bottom left", nil, true, .start, .left),
      ("{\\an3}Bottom right", nil, true, .start, .right),
      ("{\\a6}Old top", 0, true, .start, .center),
      ("{\\a10}Old middle", 50, false, .center, .center),
      ("{\\a1}Old bottom left", nil, true, .start, .left),
      ("{\\an8}first{\\an2} wins", 0, true, .start, .center),
      ("x{\\pos(10,10)\\an8}late", 0, true, .start, .center),
    ] as [(String, Double?, Bool, CueSettings.LineAlign, CueSettings.Align)])
  func alignmentBecomesSettings(
    _ text: String, _ line: Double?, _ snapToLines: Bool, _ lineAlign: CueSettings.LineAlign,
    _ align: CueSettings.Align
  ) throws {
    let settings = try #require(ASSEventText(event: "0,0,Default,,0,0,0,," + text)).settings
    #expect(settings.line == line)
    #expect(settings.snapToLines == snapToLines)
    #expect(settings.lineAlign == lineAlign)
    #expect(settings.align == align)
    #expect(settings.position == nil)
  }

  @Test func noAlignmentKeepsTheDefault() throws {
    #expect(
      try #require(ASSEventText(event: "0,0,Default,,0,0,0,,{\\an2}Bottom")).settings == .default)
    #expect(try #require(ASSEventText(event: "0,0,Default,,0,0,0,,{\\an0}x")).settings == .default)
    #expect(ASSEventText(text: "{\\an8}Top").settings.line == 0)
  }

  @Test func anEventNeedsNineFields() {
    #expect(ASSEventText(event: "0,0,Default,,0,0,0") == nil)
    #expect(ASSEventText(event: "Dialogue text") == nil)
    #expect(ASSEventText(event: "") == nil)
    #expect(ASSEventText(event: ",,,,,,,,")?.rawText == "")
  }

  @Test func hostileTextStaysLinear() {
    let braces = String(repeating: "{", count: 200_000)
    #expect(ASSEventText(text: braces).rawText == braces)
    let toggles = String(repeating: "{\\i1}a{\\i0}b", count: 50_000)
    let cleaned = ASSEventText(text: toggles)
    #expect(cleaned.rawText == String(repeating: "<i>a</i>b", count: 50_000))
    #expect(cleaned.text.nodes.count == 100_000)
    let parentheses = "{\\t(" + String(repeating: "(", count: 200_000) + "}after"
    #expect(ASSEventText(text: parentheses).rawText == "after")
    let spaces =
      String(repeating: " ", count: 200_000) + "x" + String(repeating: "\\N ", count: 50_000)
    #expect(ASSEventText(text: spaces).rawText == "x")
    let empties = String(repeating: "{\\i1} {\\i0} ", count: 50_000) + "end"
    #expect(ASSEventText(text: empties).rawText == "end")
  }

  /// The raw text without tags and with `&amp;`, `&lt;`, `&gt;` undone.
  private func visible(_ raw: String) -> String {
    var result = ""
    var inTag = false
    for character in raw {
      if character == "<" {
        inTag = true
      } else if character == ">" {
        inTag = false
      } else if !inTag {
        result.append(character)
      }
    }
    return result.replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
  }

  @Test func randomEventsGiveATreeThatMatchesTheirRawText() {
    let pieces = [
      "{", "}", "\\", "\\N", "\\n", "\\h", "\\i1", "\\i0", "\\b1", "\\b0", "\\u1", "\\r",
      "\\an8", "\\p1", "\\p0", "(", ")", "\\t(", " ", "  ", "a", "b", "한", "&", "<", ">",
      "\n", "\r\n", ",", "x{\\i1}y", "{\\i0}",
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    for _ in 0..<2000 {
      let text = (0..<(next() % 24)).map { _ in pieces[next() % pieces.count] }.joined()
      let event = ASSEventText(text: text)
      #expect(event.text.visibleText == visible(event.rawText), "\(text)")
      #expect(!event.rawText.hasPrefix(" ") && !event.rawText.hasSuffix(" "), "\(text)")
      #expect(!event.rawText.hasPrefix("\n") && !event.rawText.hasSuffix("\n"), "\(text)")
    }
  }
}
