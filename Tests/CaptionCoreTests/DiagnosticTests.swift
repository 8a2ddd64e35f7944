import CaptionCore
import Testing

@Suite("Diagnostic")
struct DiagnosticTests {
  @Test func compilerStyleWithFileAndLocation() {
    let diagnostic = Diagnostic(
      rule: "readability.cps", severity: .warning,
      message: "cue 6 is 23.5 characters per second; the ko limit is 12", file: "movie.ko.vtt",
      location: SourceLocation(line: 14, column: 1, offset: 210),
      cue: CueReference(
        index: 6, id: nil, start: MediaTime(milliseconds: 1000),
        end: MediaTime(milliseconds: 2000)),
      hint: "split the cue")
    #expect(
      diagnostic.compilerStyle
        == "movie.ko.vtt:14:1: warning: cue 6 is 23.5 characters per second; the ko limit is 12 "
        + "[readability.cps]")
  }

  @Test func compilerStyleWithoutFileOrLocation() {
    let noFile = Diagnostic(
      rule: "parse.webvtt", severity: .error, message: "missing WEBVTT signature",
      location: SourceLocation(line: 1, column: 1, offset: 0))
    #expect(noFile.compilerStyle == "<input>:1:1: error: missing WEBVTT signature [parse.webvtt]")
    let noLocation = Diagnostic(
      rule: "coverage.no-captions", severity: .remark, message: "no captions", file: "a b.mp4")
    #expect(noLocation.compilerStyle == "a b.mp4: remark: no captions [coverage.no-captions]")
  }

  @Test func severityOrder() {
    #expect(Severity.remark < .warning)
    #expect(Severity.warning < .error)
    #expect(Severity.allCases.max() == .error)
    #expect(Severity.allCases.sorted() == [.remark, .warning, .error])
    #expect(Severity(rawValue: "warning") == .warning)
  }

  @Test func sourceLocationsOrderByPosition() {
    let a = SourceLocation(line: 2, column: 5, offset: 20)
    let b = SourceLocation(line: 10, column: 1, offset: 90)
    #expect(a < b)
    #expect([b, a].sorted() == [a, b])
  }

  @Test func cueReferenceFromCue() {
    let cue = Cue(
      id: "intro", start: MediaTime(milliseconds: 0), end: MediaTime(milliseconds: 900),
      text: CueText(plain: "Hi"), rawText: "Hi")
    let reference = cue.reference(index: 3)
    #expect(reference.index == 3)
    #expect(reference.id == "intro")
    let anonymous = Cue(
      start: MediaTime(milliseconds: 0), end: MediaTime(milliseconds: 900),
      text: CueText(plain: "Hi"), rawText: "Hi")
    #expect(anonymous.reference(index: 1).id == nil)
    #expect(cue.range == TimeRange(start: .zero, end: MediaTime(milliseconds: 900)))
  }
}
