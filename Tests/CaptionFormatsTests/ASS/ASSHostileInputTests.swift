import CaptionCore
import CaptionFormats
import Testing

/// Input built to make the ASS reader crash or take quadratic time: each completes with the
/// result a user would expect.
@Suite(.timeLimit(.minutes(hangGuardMinutes))) struct ASSHostileInputTests {
  private static let megabytes = 4 * 1024 * 1024
  private static let events =
    "[Script Info]\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, "
    + "MarginV, Effect, Text\n"

  @Test func readsAnEventOfFourMegabytesOfCommasAndBraces() {
    let text = String(repeating: ",{\\i1", count: Self.megabytes / 5)
    let result = ASSReader.read(
      Self.events + "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,," + text + "\n")
    #expect(result.diagnostics.isEmpty)
    #expect(result.track.cues.first?.text.visibleText == text)
  }

  @Test func readsTwentyThousandEventsOutOfOrderAndManyUndefinedStyles() {
    var script = Self.events
    for index in 0..<20_000 {
      let second = (20_000 - index) % 60
      script +=
        "Dialogue: \(index % 3),0:00:\(second < 10 ? "0" : "")\(second).00,0:01:00.00,S\(index),,"
        + "0,0,0,,e\n"
    }
    let result = ASSReader.read(script)
    #expect(result.track.cues.count == 20_000)
    #expect(result.diagnostics.count == 20_000)
    let starts = result.track.cues.map(\.start)
    #expect(starts == starts.sorted())
  }

  @Test func survivesRandomPiecesOfScripts() {
    let pieces = [
      "[Script Info]", "[Events]", "[V4 Styles]", "[V4+ Styles]", "Format: ", "Dialogue: ",
      "Style: ", "Comment: ", "Layer", "Start", "End", "Text", "Alignment", "Italic", ",", ":",
      "0:00:01.00", "9:99:99.99", "-1", "\n", "\r\n", "\r", "{\\an8}", "{\\p1}", "{\\r", "}",
      "\\N", "Default", "한", "; c", " ",
    ]
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    for _ in 0..<3000 {
      let text = (0..<(next() % 40)).map { _ in pieces[next() % pieces.count] }.joined()
      let result = ASSReader.read(text, path: "r.ass")
      for diagnostic in result.diagnostics {
        #expect(diagnostic.location.map { $0.line >= 1 && $0.column >= 1 } == true, "\(text)")
      }
      for cue in result.track.cues {
        #expect(!cue.rawText.isEmpty, "\(text)")
      }
    }
  }
}
