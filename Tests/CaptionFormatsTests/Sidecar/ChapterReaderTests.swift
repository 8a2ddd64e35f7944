import CaptionCore
import CaptionFormats
import Foundation
import Testing

@Suite("ChapterReader")
struct ChapterReaderTests {
  @Test func eachCueIsAChapter() throws {
    let path =
      FileManager.default.temporaryDirectory.path + "/captionkit-chapters-"
      + UUID().uuidString + ".chapters.vtt"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let text = """
      WEBVTT

      intro
      00:00:00.000 --> 00:00:12.500
      Opening

      00:00:12.500 --> 00:01:00.000
        <b>The</b> harbour &amp; the
      lighthouse  

      00:01:00.000 --> 00:01:30.250

      """
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let read = try ChapterReader.read(path: path)
    #expect(
      read.chapters == [
        Chapter(start: .zero, end: MediaTime(milliseconds: 12_500), title: "Opening"),
        Chapter(
          start: MediaTime(milliseconds: 12_500), end: MediaTime(milliseconds: 60_000),
          title: "The harbour & the lighthouse"),
        Chapter(
          start: MediaTime(milliseconds: 60_000), end: MediaTime(milliseconds: 90_250), title: nil),
      ])
  }

  @Test func aMissingFileIsReported() {
    #expect(throws: CaptionFileReader.Failure.missing(path: "/nonexistent/m.chapters.vtt")) {
      try ChapterReader.read(path: "/nonexistent/m.chapters.vtt")
    }
  }
}
