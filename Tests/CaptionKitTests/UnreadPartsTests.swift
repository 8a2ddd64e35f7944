import CaptionKit
import Testing

/// `CaptionFix.unreadParts` finds, in every reader's errors, the text it left out of the
/// track, and nothing else: `fix` refuses to write a copy that would lose it.
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
  ])
  func textTheReaderLeftOutIsFound(name: String, text: String) throws {
    #expect(try !Self.unread(text, name).isEmpty)
  }

  @Test func errorsAboutTextTheTrackKeepsAreNot() throws {
    // A tag left open is an error of the reader, but the text is kept (and the tag closed).
    #expect(try Self.unread("WEBVTT\n\n00:01.000 --> 00:02.000\n<i>Open\n", "e.vtt") == [])
    #expect(try Self.unread("WEBVTT\n\n00:01.000 --> 00:02.000\nFine\n", "f.vtt") == [])
  }
}
