import CaptionCore
import Foundation
import Testing

@testable import CaptionFormats

struct JSONTrackWriterTests {
  static let track = Track(
    format: .webvtt, language: LanguageTag("zh-hant"), kind: .captions, encoding: "UTF-8",
    cues: [
      Cue(
        id: "1", start: MediaTime(milliseconds: 1000), end: MediaTime(milliseconds: 2500),
        settings: CueSettings(
          region: "r1", vertical: .rl, line: -2, snapToLines: true, lineAlign: .center,
          position: 12.5, positionAlign: .lineLeft, size: 80, align: .start),
        text: CueText(plain: "x"), rawText: "<v Bo>Hi \"there\"</v>\n&amp; bye"),
      Cue(
        start: MediaTime(value: 3_600_000_001, timescale: 1_000_000),
        end: MediaTime(hours: 1, minutes: 0, seconds: 1, milliseconds: 0),
        text: CueText(plain: "tab\there"), rawText: "tab\there"),
    ],
    stylesheets: ["::cue { color: red }"],
    regions: [
      Region(
        id: "r1", width: 40, lines: 3, regionAnchorX: 0, regionAnchorY: 100,
        viewportAnchorX: 10, viewportAnchorY: 90.5, scroll: .up)
    ])

  @Test func writesTheContractFieldsInOrder() {
    #expect(
      JSONTrackWriter.string(Self.track) == #"""
        {
          "format": "webvtt",
          "language": "zh-Hant",
          "kind": "captions",
          "encoding": "UTF-8",
          "regions": [
            {
              "id": "r1",
              "width": 40,
              "lines": 3,
              "regionAnchorX": 0,
              "regionAnchorY": 100,
              "viewportAnchorX": 10,
              "viewportAnchorY": 90.5,
              "scroll": "up"
            }
          ],
          "stylesheets": [
            "::cue { color: red }"
          ],
          "cues": [
            {
              "id": "1",
              "start": 1.000,
              "end": 2.500,
              "text": "<v Bo>Hi \"there\"</v>\n&amp; bye",
              "settings": {
                "region": "r1",
                "vertical": "rl",
                "line": -2,
                "snapToLines": true,
                "lineAlign": "center",
                "position": 12.5,
                "positionAlign": "line-left",
                "size": 80,
                "align": "start"
              }
            },
            {
              "id": "",
              "start": 3600.000,
              "end": 3601.000,
              "text": "tab\there",
              "settings": {
                "region": null,
                "vertical": "",
                "line": "auto",
                "snapToLines": true,
                "lineAlign": "start",
                "position": "auto",
                "positionAlign": "auto",
                "size": 100,
                "align": "center"
              }
            }
          ]
        }

        """#)
  }

  @Test func reportsNothingLost() {
    var bytes: [UInt8] = Array("prefix".utf8)
    #expect(JSONTrackWriter.write(Self.track, into: &bytes).isEmpty)
    #expect(bytes.starts(with: Array("prefix{\n".utf8)))
  }

  @Test func isValidJSONForManyCues() throws {
    var track = Track(format: .srt)
    for index in 0..<1000 {
      track.cues.append(
        Cue(
          id: String(index), start: MediaTime(milliseconds: Int64(index) * 1000),
          end: MediaTime(milliseconds: Int64(index) * 1000 + 900),
          text: CueText(plain: "cue \(index)"), rawText: "cue \(index)\u{1}"))
    }
    let data = Data(Array(JSONTrackWriter.string(track).utf8))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let cues = try #require(object["cues"] as? [[String: Any]])
    #expect(cues.count == 1000)
    #expect(cues[999]["text"] as? String == "cue 999\u{1}")
    #expect(cues[999]["start"] as? Double == 999)
    #expect(object["language"] is NSNull)
  }
}
