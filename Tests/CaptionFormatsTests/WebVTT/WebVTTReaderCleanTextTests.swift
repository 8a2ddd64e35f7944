import CaptionCore
import Testing

@testable import CaptionFormats

/// The reader checks cue text without the cue text parser when it has nothing to report: its
/// findings must be those of the parser's check, for any text.
@Suite struct WebVTTReaderCleanTextTests {
  private static let pieces = [
    "<b>", "</b>", "<i>", "</i>", "<u>", "</u>", "<c.yellow>", "<c.red.loud>", "<c>", "</c>",
    "<i.x>", "<v Dana>", "<v.loud Bob Smith>", "<v  Ann >", "<v>", "</v>", "&amp;", "&lt;",
    "&gt;", "&", "&nbsp;", "<", ">", "{", "a", "b c", "\n", "é", "<ruby>", "<rt>", "</rt>",
    "</ruby>", "<00:00:01.000>", "<lang en>", "</lang>", "<c.>", "<b x>",
  ]

  /// `count` cue texts made of the pieces, from a fixed seed, with no empty line; a third
  /// start with a voice.
  private static func texts(count: Int) -> [String] {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    return (0..<count).map { index in
      var text = index % 3 == 0 ? "<v Dana>" : ""
      for _ in 0..<next(8) + 1 { text += pieces[next(pieces.count)] }
      var lines = text.split(separator: "\n").map(String.init)
      if lines.isEmpty { lines = ["a"] }
      return lines.joined(separator: "\n")
    }
  }

  @Test func reportsWhatTheCueTextParserReports() {
    let texts = Self.texts(count: 3000)
    var file = "WEBVTT\n"
    for text in texts { file += "\n00:00:01.000 --> 00:00:05.000\n\(text)\n" }
    let read = WebVTTReader.read(file, path: "clean.vtt")
    #expect(read.track.cues.count == texts.count)
    var expected: [Diagnostic] = []
    for (index, cue) in read.track.cues.enumerated() {
      guard let location = cue.location else { continue }
      let textStart = SourceLocation(
        line: location.line + 1, column: 1, offset: location.offset + 30)
      let parsed = CueTextParser.check(
        cue.rawText, location: textStart, cueRange: cue.range, file: "clean.vtt",
        cue: cue.reference(index: index + 1), allowsShortcut: false)
      expected += parsed.diagnostics
    }
    // The reader gives its findings in the order of their place in the file.
    let sorted = expected.enumerated().sorted {
      ($0.element.location?.offset ?? 0, $0.offset) < ($1.element.location?.offset ?? 0, $1.offset)
    }
    func describe(_ diagnostic: Diagnostic) -> String {
      "\(diagnostic.location.map { "\($0.line):\($0.column)" } ?? "") \(diagnostic.message)"
    }
    let found = read.diagnostics.map(describe)
    let wanted = sorted.map { describe($0.element) }
    #expect(found.count == wanted.count)
    for (left, right) in zip(found, wanted) where left != right {
      Issue.record("reader \(left), parser \(right)")
      break
    }
  }
}
