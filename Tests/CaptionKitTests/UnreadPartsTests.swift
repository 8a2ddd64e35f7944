import CaptionKit
import Testing

/// `CaptionFix.unreadParts` finds, in every reader's findings, the text it left out of the
/// track (`Diagnostic.losesText`), and nothing else: `fix` refuses to write a copy that
/// would lose it.
struct UnreadPartsTests {
  static func unread(_ text: String, _ name: String) throws -> [String] {
    let result = try CaptionFileReader().read(bytes: Array(text.utf8), path: name)
    return CaptionFix.unreadParts(of: result).map(\.rule)
  }

  @Test(arguments: [
    // A WebVTT cue whose timing cannot be read, and text outside any cue.
    ("a.vtt", "WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nLost\n\n00:03.000 --> 00:04.000\nKept\n"),
    ("b.vtt", "WEBVTT\n\n00:01.000 -> 00:02.000\nLost\n\n00:03.000 --> 00:04.000\nKept\n"),
    // An SRT cue whose timing cannot be read at all, and text with no timing.
    ("c.srt", "1\n00:00:01,000 --> 00:00:02,000\nKept\n\n2\n00:00:0x,000 --> 00:00:04,000\nLost\n"),
    // An ASS event without a time.
    (
      "d.ass",
      "[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, "
        + "MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,"
        + "0,0,0,,Kept\nDialogue: 0,bad,0:00:04.00,Default,,0,0,0,,Lost\n"
    ),
    // A WebVTT block whose first line holds "-->" before a good timing line.
    (
      "g.vtt", "WEBVTT\n\na --> b\n00:01.000 --> 00:02.000\nLost\n\n00:03.000 --> 00:04.000\nKept\n"
    ),
    // An ASS line in [Events] that is no event.
    (
      "h.ass",
      "[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, "
        + "MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,"
        + "0,0,0,,Kept\nDialog: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,Lost\n"
    ),
    // TTML text in an element where it cannot be, and text outside a paragraph (warnings).
    (
      "i.ttml",
      "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><div><p begin=\"1s\" end=\"2s\">Kept</p>"
        + "<span begin=\"3s\" end=\"4s\">Lost</span></div></body></tt>"
    ),
    (
      "j.ttml",
      "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><div>Lost<p begin=\"1s\" end=\"2s\">Kept"
        + "</p></div></body></tt>"
    ),
    // A WebVTT "tag" that is a literal < (the parsing rules drop it and what follows).
    ("p.vtt", "WEBVTT\n\n00:01.000 --> 00:02.000\n1 < 2 and <b>3</b>\n"),
    // SCC: a word that is no byte pair, a line that is no timecode (warnings).
    ("k.scc", "Scenarist_SCC V1.0\n\n00:00:01:00\t9420 9420 c1c2 zzzz 942f 942f\n"),
    ("l.scc", "Scenarist_SCC V1.0\n\n00:00:01:00\t9420 9420 c1c2 942f 942f\n\n0:1 c1c2 942f\n"),
  ])
  func textTheReaderLeftOutIsFound(name: String, text: String) throws {
    #expect(try !Self.unread(text, name).isEmpty)
  }

  @Test func errorsAboutTextTheTrackKeepsAreNot() throws {
    // A tag left open is an error of the reader, but the text is kept (and the tag closed).
    #expect(try Self.unread("WEBVTT\n\n00:01.000 --> 00:02.000\n<i>Open\n", "e.vtt") == [])
    #expect(try Self.unread("WEBVTT\n\n00:01.000 --> 00:02.000\nFine\n", "f.vtt") == [])
    // A setting that cannot be read, an element that holds no text, an attribute not read.
    #expect(try Self.unread("WEBVTT\n\n00:01.000 --> 00:02.000 size:abc\nKept\n", "m.vtt") == [])
    let ttml =
      "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><div><p begin=\"1s\" end=\"2s\">Kept</p>"
      + "<styling/><image/></div></body></tt>"
    let findings = try CaptionFileReader().read(bytes: Array(ttml.utf8), path: "n.ttml")
    #expect(findings.diagnostics.count >= 2)
    #expect(try Self.unread(ttml, "n.ttml") == [])
    #expect(try Self.unread("1\n00:00:01,000 --> 00:00:02,000 X1:1\nKept\n", "o.srt") == [])
    // An unknown tag loses only itself; its text is kept.
    #expect(
      try Self.unread(
        "WEBVTT\n\n00:01.000 --> 00:02.000\n<font color=red>Kept</font>\n", "q.vtt") == [])
  }
}
