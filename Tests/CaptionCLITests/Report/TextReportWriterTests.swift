import CaptionKit
import Testing

@testable import CaptionCLI

struct TextReportWriterTests {
  @Test func writesCompilerStyleLinesHintsAndASummary() {
    let text = String(decoding: TextReportWriter.write(ReportFixture.report()), as: UTF8.self)
    #expect(
      text == """
        dir/movie.ko.vtt: warning: the file is not UTF-8; decoded as "CP949" <legacy> \
        [parse.encoding]
        dir/movie.ko.vtt:4:1: error: cue 1 ends at 00:00:11.500, before its start \
        00:00:12.000 [parse.webvtt]
            hint: make the end later than the start
        a b.srt:2:14: remark: tab\there & \u{1} [parse.srt]
        checked 2 files: 1 error, 1 warning, 1 remark

        """)
  }

  @Test func countsFindingsAtOrAboveTheFailureLevel() {
    let report = ReportFixture.report()
    #expect(report.hasFinding(atLeast: .error))
    #expect(report.hasFinding(atLeast: .remark))
    #expect(!report.hasFinding(atLeast: nil))
    var clean = ValidationReport()
    clean.diagnostics = report.diagnostics.filter { $0.severity == .remark }
    #expect(!clean.hasFinding(atLeast: .warning))
    #expect(clean.hasFinding(atLeast: .remark))
  }

  /// A report of many findings, rows and written ones, with an embedded track's stream.
  static func manyFindings() -> ValidationReport {
    var text = "WEBVTT\n\n"
    for index in 0..<700 {
      let start = index * 2
      text += "00:\(start / 60 < 10 ? "0" : "")\(start / 60):\(start % 60 < 10 ? "0" : "")"
      text += "\(start % 60).000 --> 00:\((start + 1) / 60 < 10 ? "0" : "")\((start + 1) / 60):"
      text += "\((start + 1) % 60 < 10 ? "0" : "")\((start + 1) % 60).100\n"
      text += "A line far too long and too fast to read in the time it is shown \(index)\n\n"
    }
    let result = WebVTTReader.read(text, path: "many.vtt")
    let findings = Validator().validate(
      result.track, in: ValidationContext(tracks: [result.track]), id: "1")
    var report = ValidationReport()
    report.add(result, findings: findings)
    var embedded = result
    embedded.track.source = .embedded
    embedded.track.stream = 3
    embedded.track.path = "movie.mkv"
    embedded.track.cues = embedded.track.cues.map {
      Cue(id: $0.id, start: $0.start, end: $0.end, text: $0.text, rawText: $0.rawText)
    }
    report.add(
      embedded,
      findings: Validator().validate(
        embedded.track, in: ValidationContext(tracks: [embedded.track]), id: "2"))
    return report
  }

  @Test func aFindingKeptAsARowReadsAsItsDiagnostic() throws {
    // The report reads each part of a row once, through `FindingRow`; the finding's own
    // accessors read its table field by field. Both must give the same line.
    let report = Self.manyFindings()
    var rows = 0
    for diagnostic in report.diagnostics {
      guard let row = diagnostic.findingRow else { continue }
      rows += 1
      #expect(row.location == diagnostic.location)
      #expect(row.severity == diagnostic.severity)
      var bytes = ByteBuffer(capacity: 256)
      TextReportWriter.append(diagnostic, to: &bytes)
      #expect(bytes.string == TextReportWriter.line(for: diagnostic))
    }
    #expect(rows > 1000)
  }

  @Test(arguments: [1, 7, 2048])
  func chunksWriteTheBytesOfTheWholeReport(blockSize: Int) {
    let report = Self.manyFindings()
    #expect(report.diagnostics.count > 1400)
    let whole = TextReportWriter.write(report)
    var chunks: [[UInt8]] = []
    TextReportWriter.write(report, chunkSize: 1000, blockSize: blockSize) {
      chunks.append($0)
    }
    #expect(chunks.joined().elementsEqual(whole))
    #expect(chunks.dropLast().allSatisfy { $0.count >= 500 })
    let text = String(decoding: whole, as: UTF8.self)
    #expect(text.contains("movie.mkv: warning: stream 3: cue 1 "))
    #expect(text.contains("many.vtt:3:1: warning: cue 1 "))
  }
}
