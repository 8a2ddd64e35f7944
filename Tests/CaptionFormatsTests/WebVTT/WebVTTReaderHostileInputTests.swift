import CaptionCore
import Testing

@testable import CaptionFormats

/// Inputs built to hurt: huge lines and many cues must read in linear time, with the right
/// result.
struct WebVTTReaderHostileInputTests {
  static let size = 4 << 20

  @Test func readsAHugeSingleLineOfCueText() {
    let text = String(repeating: "a", count: Self.size)
    let result = WebVTTReader.read("WEBVTT\n\n00:00.000 --> 00:01.000\n" + text + "\n")
    #expect(result.track.cues.count == 1)
    #expect(result.track.cues.first?.rawText.utf8.count == Self.size)
    #expect(result.diagnostics.isEmpty)
  }

  @Test func readsAFileThatIsOneHugeLine() {
    let text = String(repeating: "b", count: Self.size)
    let result = WebVTTReader.read("WEBVTT " + text)
    #expect(result.track.cues.isEmpty)
    #expect(result.track.header.first?.utf8.count == Self.size)
    #expect(result.diagnostics.map(\.message) == ["missing line break at the end of the file"])
  }

  @Test func reportsAHugeTimestampWithACutQuote() {
    let digits = String(repeating: "0", count: Self.size)
    let result = WebVTTReader.read("WEBVTT\n\n" + digits + ":00.000 --> 00:01.000\nx\n")
    #expect(result.track.cues.isEmpty)
    let quoted = String(repeating: "0", count: 40)
    #expect(
      result.diagnostics.map(\.message) == [
        "timestamp \"\(quoted)…\" has \(Self.size)-digit minutes; expected 2; the cue is dropped"
      ])
  }

  @Test func readsALineOfArrows() {
    let arrows = String(repeating: "-->", count: Self.size / 3)
    let result = WebVTTReader.read("WEBVTT\n\n" + arrows + "\n")
    #expect(result.track.cues.isEmpty)
    #expect(
      result.diagnostics.map(\.message) == [
        "missing start timestamp before \"-->\"; the cue is dropped"
      ])
  }

  @Test func readsManyCues() {
    var text = "WEBVTT\n\n"
    let count = 50_000
    for index in 0..<count {
      let start = MediaTime(milliseconds: Int64(index) * 1000)
      let end = MediaTime(milliseconds: Int64(index) * 1000 + 900)
      text += "\(index + 1)\n\(start) --> \(end)\nLine \(index + 1)\n\n"
    }
    let result = WebVTTReader.read(text)
    #expect(result.track.cues.count == count)
    #expect(result.track.cues.last?.id == "\(count)")
    #expect(result.track.cues.last?.end == MediaTime(milliseconds: Int64(count - 1) * 1000 + 900))
    #expect(result.diagnostics.isEmpty)
  }

  @Test func readsManyNestedTagsAsText() {
    let tags = String(repeating: "<b>", count: 100_000)
    let result = WebVTTReader.read("WEBVTT\n\n00:00.000 --> 00:01.000\n" + tags + "\n")
    #expect(result.track.cues.first?.rawText == tags)
  }
}
