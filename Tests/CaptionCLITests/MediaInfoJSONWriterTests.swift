import CaptionKit
import Testing

@testable import CaptionCLI

struct MediaInfoJSONWriterTests {
  @Test func timesAreExactWhenTheTimeBaseAllowsIt() {
    func text(_ value: Int64, _ scale: Int32) -> String {
      MediaInfoJSONWriter.decimalSeconds(MediaTime(value: value, timescale: scale))
    }
    #expect(text(3, 1) == "3.000")
    #expect(text(30720, 10240) == "3.000")
    #expect(text(1024, 44100) == "0.02322")
    #expect(text(23220, 1_000_000) == "0.02322")
    #expect(text(1, 1_000_000) == "0.000001")
    #expect(text(3003, 90000) == "0.033367")
    #expect(text(-7, 1000) == "-0.007")
    #expect(text(126_000, 90000) == "1.400")
    #expect(text(1, 1_000_000_000) == "0.000000001")
  }

  @Test func unknownNumbersAreNull() {
    let stream = MediaStream(
      index: 0, kind: .data, codec: nil, language: nil, languageCode: nil, title: nil,
      disposition: [], timeBase: Rational(1, 1000), frameRate: nil, width: nil, height: nil,
      sampleRate: nil, channels: nil, startTime: nil, duration: nil, isTextBased: false)
    let info = MediaInfo(
      path: "x.ts", format: "mpegts", duration: nil, startTime: nil, bitRate: nil, title: nil,
      streams: [stream], chapters: [])
    let expected = """
      {
        "path": "x.ts",
        "format": "mpegts",
        "duration": null,
        "programmeDuration": null,
        "startTime": null,
        "bitRate": null,
        "streams": [
          {
            "index": 0,
            "type": "data",
            "codec": null,
            "language": null,
            "title": null,
            "disposition": [],
            "timeBase": "1/1000",
            "frameRate": null,
            "sampleRate": null,
            "channels": null,
            "startTime": null,
            "duration": null,
            "textBased": false
          }
        ],
        "chapters": []
      }

      """
    #expect(String(decoding: MediaInfoJSONWriter.write(info), as: UTF8.self) == expected)
  }
}
