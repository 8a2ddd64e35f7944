import CaptionCore
import Foundation
import Testing

@testable import CaptionExport

struct TranscriptJSONWriterTests {
  @Test func writesTheLighthouseDemo() throws {
    var bytes: [UInt8] = []
    TranscriptJSONWriter.write(
      try SampleTranscripts.lighthouse(), options: SampleTranscripts.lighthouseOptions,
      into: &bytes)
    try expectSnapshot(String(decoding: bytes, as: UTF8.self), named: "lighthouse.json")
  }

  @Test func entriesCarryKindSpeakerTextTimesAndSource() throws {
    var bytes: [UInt8] = []
    TranscriptJSONWriter.write(
      SampleTranscripts.captions(["MARA: \"Hi\" [laughs]"]),
      options: TranscriptExportOptions(title: "t"), into: &bytes)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    let entries = try #require(object["entries"] as? [[String: Any]])
    #expect(entries.count == 2)
    #expect(entries[0]["kind"] as? String == "speech")
    #expect(entries[0]["speaker"] as? String == "MARA")
    #expect(entries[0]["text"] as? String == "\"Hi\"")
    #expect(entries[1]["kind"] as? String == "sound")
    #expect(entries[1]["end"] as? Double == 0.9)
    #expect((entries[1]["source"] as? [String: Int]) == ["track": 0, "cue": 1])
    #expect(object["media"] is NSNull)
  }
}
