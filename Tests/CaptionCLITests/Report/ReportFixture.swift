import CaptionKit

@testable import CaptionCLI

/// A report with two tracks and findings of every kind, for the report writer tests.
enum ReportFixture {
  static func report() -> ValidationReport {
    var report = ValidationReport()
    let cue = Cue(
      id: "intro", start: MediaTime(milliseconds: 12_000),
      end: MediaTime(milliseconds: 11_500), text: CueText(plain: "Hi"), rawText: "Hi")
    var first = ReadResult(
      track: Track(
        format: .webvtt, language: LanguageTag("ko"), path: "dir/movie.ko.vtt",
        encoding: "UTF-8", cues: [cue]))
    first.diagnostics = [
      Diagnostic(
        rule: "parse.webvtt", severity: .error,
        message: "cue 1 ends at 00:00:11.500, before its start 00:00:12.000",
        file: "dir/movie.ko.vtt", location: SourceLocation(line: 4, column: 1, offset: 9),
        cue: cue.reference(index: 1), hint: "make the end later than the start"),
      Diagnostic(
        rule: "parse.encoding", severity: .warning,
        message: "the file is not UTF-8; decoded as \"CP949\" <legacy>",
        file: "dir/movie.ko.vtt"),
    ]
    report.add(first)
    var second = ReadResult(
      track: Track(format: .srt, path: "a b.srt", encoding: "windows-1252"))
    second.diagnostics = [
      Diagnostic(
        rule: "parse.srt", severity: .remark, message: "tab\there & \u{1}",
        file: "a b.srt", location: SourceLocation(line: 2, column: 14, offset: 20))
    ]
    report.add(second)
    return report
  }
}
