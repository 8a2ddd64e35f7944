import Testing

@testable import CaptionExport

struct TranscriptFormatTests {
  @Test func takesTheFormatFromANameOrAnExtension() {
    #expect(TranscriptFormat(name: "Markdown") == .markdown)
    #expect(TranscriptFormat(path: "out/lighthouse.HTML") == .html)
    #expect(TranscriptFormat(path: "notes.txt") == .text)
    #expect(TranscriptFormat(path: "a.b/transcript") == nil)
    #expect(TranscriptFormat(path: "out.vtt") == nil)
  }
}
