import CaptionCore
import Testing

@testable import CaptionExport

struct TranscriptMarkdownWriterTests {
  @Test func writesTheLighthouseDemo() throws {
    let document = TranscriptMarkdownWriter.document(
      try SampleTranscripts.lighthouse(), options: SampleTranscripts.lighthouseOptions)
    try expectSnapshot(document, named: "lighthouse.md")
  }

  @Test func escapesMarkdownSpecials() {
    let text = "*bold* _it_ `code` [link](javascript:x) <b>html</b> &lt; # | ~ \\"
    let entry = TranscriptEntry(
      kind: .speech, text: text, range: TimeRange(start: .zero, end: .zero),
      source: TranscriptSource(track: 0, cue: 1))
    let transcript = Transcript(paragraphs: [TranscriptParagraph(kind: .dialogue, entries: [entry])]
    )
    let document = TranscriptMarkdownWriter.document(
      transcript, options: TranscriptExportOptions(title: "Title #1 *"))
    #expect(
      document == """
        # Title \\#1 \\*

        0:00 \\*bold\\* \\_it\\_ \\`code\\` \\[link\\](javascript:x) \\<b\\>html\\</b\\> \\&lt; \\# \\| \\~ \\\\

        """)
  }
}
