import Foundation
import Testing

@testable import CaptionCLI
@testable import CaptionKit

struct JSONReportWriterTests {
  @Test func writesEveryFieldInContractOrder() {
    let json = String(decoding: JSONReportWriter.write(ReportFixture.report()), as: UTF8.self)
    #expect(
      json == #"""
        {
          "tool": {
            "name": "captionkit",
            "version": "0.1.0"
          },
          "media": null,
          "tracks": [
            {
              "id": "1",
              "path": "dir/movie.ko.vtt",
              "stream": null,
              "channel": null,
              "source": "argument",
              "format": "webvtt",
              "language": "ko",
              "kind": null,
              "encoding": "UTF-8",
              "cueCount": 1
            },
            {
              "id": "2",
              "path": "a b.srt",
              "stream": null,
              "channel": null,
              "source": "argument",
              "format": "srt",
              "language": null,
              "kind": null,
              "encoding": "windows-1252",
              "cueCount": 0
            }
          ],
          "diagnostics": [
            {
              "rule": "parse.encoding",
              "severity": "warning",
              "message": "the file is not UTF-8; decoded as \"CP949\" <legacy>",
              "track": "1",
              "file": "dir/movie.ko.vtt",
              "line": null,
              "column": null,
              "cue": null,
              "hint": null
            },
            {
              "rule": "parse.webvtt",
              "severity": "error",
              "message": "cue 1 ends at 00:00:11.500, before its start 00:00:12.000",
              "track": "1",
              "file": "dir/movie.ko.vtt",
              "line": 4,
              "column": 1,
              "cue": {
                "index": 1,
                "id": "intro",
                "start": 12.000,
                "end": 11.500
              },
              "hint": "make the end later than the start"
            },
            {
              "rule": "parse.srt",
              "severity": "remark",
              "message": "tab\there & \u0001",
              "track": "2",
              "file": "a b.srt",
              "line": 2,
              "column": 14,
              "cue": null,
              "hint": null
            }
          ],
          "coverage": null,
          "wcag": [],
          "mediaFiles": [],
          "summary": {
            "errors": 1,
            "warnings": 1,
            "remarks": 1
          }
        }

        """#)
  }

  @Test func isValidJSON() throws {
    let bytes = JSONReportWriter.write(ReportFixture.report())
    let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
    let summary = try #require(object?["summary"] as? [String: Int])
    #expect(summary == ["errors": 1, "warnings": 1, "remarks": 1])
  }

  @Test func writtenInPiecesIsTheSameDocument() {
    let report = ReportFixture.report()
    var pieces: [[UInt8]] = []
    JSONReportWriter.write(report, chunkSize: 64) { pieces.append($0) }
    // A piece after every finding once 64 bytes are made, and one at the end.
    #expect(pieces.count == report.diagnostics.count + 1)
    #expect(pieces.flatMap { $0 } == JSONReportWriter.write(report))
  }
}
