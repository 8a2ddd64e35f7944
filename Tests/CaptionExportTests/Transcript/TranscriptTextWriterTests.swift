import CaptionCore
import Testing

@testable import CaptionExport

struct TranscriptTextWriterTests {
  @Test func writesTheLighthouseDemo() throws {
    let text = TranscriptTextWriter.text(
      try SampleTranscripts.lighthouse(), options: SampleTranscripts.lighthouseOptions)
    try expectSnapshot(text, named: "lighthouse.txt")
  }

  @Test func wrapsAtSpacesWithoutIndentation() {
    let text = TranscriptTextWriter.wrapped(
      "0:05 Mara: The lamp went out again, Jonas, and the ships cannot see.", width: 24)
    #expect(text == "0:05 Mara: The lamp went\nout again, Jonas, and\nthe ships cannot see.\n")
  }

  @Test func keepsALongWordWholeAndBreaksJapaneseBetweenCharacters() {
    #expect(
      TranscriptTextWriter.wrapped("see https://example.com/a/long/path ok", width: 10)
        == "see\nhttps://example.com/a/long/path\nok\n")
    #expect(TranscriptTextWriter.wrapped("油を持ってきて。上って", width: 4) == "油を持っ\nてきて。\n上って\n")
  }

  @Test func hasNoDecorationCharacters() throws {
    let text = TranscriptTextWriter.text(
      try SampleTranscripts.lighthouse(), options: SampleTranscripts.lighthouseOptions)
    for decoration in ["*", "#", "=", "|", "•", "──", "\t"] {
      #expect(!text.contains(decoration))
    }
    #expect(text.split(separator: "\n").allSatisfy { $0.count <= 72 && !$0.hasPrefix(" ") })
  }
}
