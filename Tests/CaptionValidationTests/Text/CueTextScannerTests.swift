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
