import CaptionCore
import Testing

struct TranscriptParagraphTests {
  func entry(_ text: String, _ start: Int64, _ end: Int64) -> TranscriptEntry {
    TranscriptEntry(
      kind: .speech, text: text,
      range: TimeRange(start: MediaTime(milliseconds: start), end: MediaTime(milliseconds: end)),
      source: TranscriptSource(track: 0, cue: 1))
  }

  @Test func spansFromTheFirstStartToTheLatestEnd() {
    let paragraph = TranscriptParagraph(
      kind: .dialogue, entries: [entry("a", 1000, 5000), entry("b", 2000, 3000)])
    #expect(
      paragraph.range
        == TimeRange(start: MediaTime(milliseconds: 1000), end: MediaTime(milliseconds: 5000)))
    #expect(TranscriptParagraph(kind: .dialogue).range == nil)
  }

  @Test func joinsWithSpacesExceptBetweenUnspacedScripts() {
    #expect(TranscriptParagraph.join("Hi.", "Yes.") == "Hi. Yes.")
    #expect(TranscriptParagraph.join("来て。", "はい") == "来て。はい")
    #expect(TranscriptParagraph.join("来て。", "OK") == "来て。 OK")
    #expect(TranscriptParagraph.join("", "OK") == "OK")
  }
}
