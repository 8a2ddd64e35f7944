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
}
