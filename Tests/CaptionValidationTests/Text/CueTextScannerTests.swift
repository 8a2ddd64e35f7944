import CaptionCore
import CaptionFormats
import CaptionValidation
import Testing

struct CueTextScannerTests {
  func view(
    _ file: String, format: TrackFormat = .webvtt, counting: LocaleLimits.CountingMode = .graphemes
  )
    -> CueTextView
  {
    let track = RuleHarness.read(file, format: format)
    var scanner = CueTextScanner(counting: counting)
    if let cue = track.cues.first { scanner.scan(cue) }
    return scanner.view
  }

  @Test func stripsWebVTTMarkupAndRubyText() {
    let text = view(
      "WEBVTT\n\n00:01.000 --> 00:02.000\n<v Mary><i>漢</i><ruby>字<rt>じ</rt></ruby> &amp;\nB\n",
      counting: .cjk)
    #expect(text.lines.map(\.halves) == [2 + 2 + 1 + 1, 1])
    #expect(text.hasItalics)
    #expect(text.openedTags.italic == 1 && text.closedTags.italic == 1)
  }

  @Test func readsTheSameFromAWrittenTextAndItsTree() throws {
    let track = RuleHarness.read(
      "WEBVTT\n\n00:01.000 --> 00:02.000\n<b>Tom</b> &amp; <i>Jerry</i>\nأهلا 9\n",
      format: .webvtt)
    let cue = try #require(track.cues.first)
    var written = CueTextScanner(counting: .graphemes)
    written.scan(cue)
    var tree = CueTextScanner(counting: .graphemes)
    tree.scan(CueText(nodes: cue.text.nodes))
    #expect(written.view.lines == tree.view.lines)
    #expect(written.view.lines.map(\.halves) == [22, 12])
    #expect(written.scripts == tree.scripts)
    #expect(written.scripts[.latin] == 8 && written.scripts[.arabic] == 4)
  }

  @Test func keepsUnknownSRTTagsAsTextAndDropsOverrides() {
    let text = view("1\n00:00:01,000 --> 00:00:02,000\n{\\an8}<x>a</x>\n", format: .srt)
    #expect(text.lines.map(\.halves) == [16])
  }
}

struct CueTextScannerAgreementTests {
  /// Text kept as written is counted from its bytes, eight at a time where it can; its tree
  /// is counted character by character. Both must agree on every mix of text and markup.
  @Test(arguments: [TrackFormat.webvtt, .srt])
  func writtenTextAndTreeAgree(format: TrackFormat) throws {
    let fragments = [
      "Plain words and more plain words ", "<i>", "</i>", "<b>bold</b>", " 123 ", "\n",
      "한국어 자막", "日本語の字幕", "مرحبا", "e\u{301}", "{\\an8}", "&amp;", " & ", "<x>", "~`@[",
      "\u{200F}", "   ", "Wi-Fi", "<c.yellow>c</c>", "<u>u",
    ]
    var state: UInt64 = 42
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    var compared = 0
    for _ in 0..<200 {
      var text = ""
      for _ in 0..<(1 + next() % 12) { text += fragments[next() % fragments.count] }
      let trimmed = String(text.drop { $0 == "\n" })
      guard !trimmed.isEmpty, !trimmed.hasSuffix("\n"), !trimmed.contains("\n\n") else {
        continue
      }
      let file =
        format == .srt
        ? "1\n00:00:01,000 --> 00:00:02,000\n\(trimmed)\n"
        : "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n\(trimmed)\n"
      let track = RuleHarness.read(file, format: format)
      let cue = try #require(track.cues.first, "\(trimmed)")
      compared += 1
      for counting in LocaleLimits.CountingMode.allCases {
        var written = CueTextScanner(counting: counting)
        written.scan(cue)
        var tree = CueTextScanner(counting: counting)
        tree.scan(CueText(nodes: cue.text.nodes))
        #expect(written.view.lines == tree.view.lines, "\(trimmed)")
        #expect(written.view.hasVisibleText == tree.view.hasVisibleText, "\(trimmed)")
        #expect(written.scripts == tree.scripts, "\(trimmed)")
      }
    }
    #expect(compared > 100)
  }
}
