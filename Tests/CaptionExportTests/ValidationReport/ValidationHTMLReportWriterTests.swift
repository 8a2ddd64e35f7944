import CaptionCore
import Foundation
import Testing

@testable import CaptionExport

struct ValidationHTMLReportWriterTests {
  /// The parts of `page` between `start` and the next `end`.
  func pieces(_ page: String, from start: String, to end: String) -> [Substring] {
    var result: [Substring] = []
    var rest = page[...]
    while let open = rest.range(of: start) {
      guard let close = rest[open.upperBound...].range(of: end) else { break }
      result.append(rest[open.lowerBound..<close.upperBound])
      rest = rest[close.upperBound...]
    }
    return result
  }

  func count(_ needle: String, in text: some StringProtocol) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  @Test func writesTheLighthouseReport() throws {
    let page = ValidationHTMLReportWriter.page(try SampleReports.lighthouse())
    try expectSnapshot(page, named: "validation-report.html")
  }

  @Test func givesEachTimelineAFocusableContainerAndATextAlternative() throws {
    let page = ValidationHTMLReportWriter.page(try SampleReports.lighthouse())
    #expect(count("<div class=\"timeline\" tabindex=\"0\" role=\"region\"", in: page) == 3)
    #expect(
      page.contains(
        "<div class=\"timeline\" tabindex=\"0\" role=\"region\" aria-label=\"Timeline of track 1 "
          + "(scrolls sideways)\">\n<svg role=\"img\" aria-labelledby=\"timeline-1-title "
          + "timeline-1-desc\""))
    #expect(
      page.contains(
        "<title id=\"timeline-1-title\">Timeline of track 1, "
          + "Samples/lighthouse/lighthouse.en.captions.vtt</title>"))
    #expect(
      page.contains(
        "<desc id=\"timeline-1-desc\">From 0:00 to 0:54. Speech: 13 segments from 0:05 to 0:51, "
          + "0:27 in total. Captions: 12 cues from 0:05 to 0:52. Descriptions: 4 cues from 0:00 "
          + "to 0:46. Warnings: 2 warnings at 0:11, 0:30. Remarks: 1 remark at 0:46.</desc>"))
    #expect(
      page.contains(
        "<desc id=\"timeline-2-desc\">From 0:00 to 0:54. Speech: 13 segments from 0:05 to 0:51, "
          + "0:27 in total. Captions: 12 cues from 0:05 to 0:52. Descriptions: 4 cues from 0:00 "
          + "to 0:46. Errors: 1 error at 0:29.</desc>"))
    #expect(page.contains("Chapters: 3 cues from 0:00 to 0:54. No finding at a time.</desc>"))
  }

  @Test func listsEachFindingWithSeverityInWordsAndItsRulePage() throws {
    let page = ValidationHTMLReportWriter.page(try SampleReports.lighthouse())
    let item: String =
      "<li class=\"warning\"><p><span class=\"severity warning\"><svg class=\"icon warning\" "
      + "aria-hidden=\"true\" focusable=\"false\" viewBox=\"0 0 16 16\"><polygon points=\"8,1 "
      + "15,8 8,15 1,8\"/></svg>Warning</span> <span class=\"where\">line 12, column 1 · cue 3 "
      + "· 00:00:11.000 to 00:00:12.500</span></p>\n<p>cue 3 is 22.0 characters per second; "
      + "the en limit is 20</p>\n<p>Fix: shorten the text to 30 characters, or show the cue "
      + "longer</p>\n<p>Rule: <a href=\"Docs/rules/readability.cps.md\">readability.cps</a>"
      + "</p></li>"
    #expect(page.contains(item))
    let other = ValidationHTMLReportWriter.page(
      try SampleReports.lighthouse(), ruleDocumentation: "https://example.org/rules/")
    #expect(other.contains("<a href=\"https://example.org/rules/readability.cps.md\">"))
    #expect(count("<li class=\"", in: page) == 5)
  }

  @Test func tabulatesTheVerdictsWithEvidence() throws {
    let page = ValidationHTMLReportWriter.page(try SampleReports.lighthouse())
    #expect(
      page.contains(
        "<tr><th scope=\"row\">1.2.2 Captions (Prerecorded) (level A)</th><td class=\"status "
          + "fail\">Fail</td><td>track 1 has speech left uncaptioned: "
          + "coverage.uncaptioned-speech</td></tr>"))
    #expect(count("<tr><th scope=\"row\">", in: page) == 6)
    #expect(
      page.contains(
        "<p>1 error, 2 warnings and 1 remark in 3 tracks of 1 media file.</p>\n<p>WCAG verdicts: "
          + "1 pass, 2 fail, 2 unknown, 1 not applicable.</p>"))
  }

  @Test func escapesEveryPieceOfInput() {
    let hostile = "\"><script>alert(1)</script><img src=x onerror=alert(2)>&amp;\u{7}"
    let finding = ValidationHTMLReport.Finding(
      rule: hostile, severity: .error, message: hostile, line: 1, column: 1, cue: 1,
      range: SampleReports.range(1, 2), hint: hostile)
    let report = ValidationHTMLReport(
      title: hostile,
      media: [
        .init(
          path: hostile, duration: SampleReports.time(10),
          streams: [
            .init(
              index: 0, type: hostile, codec: hostile, language: hostile, title: hostile,
              dispositions: [hostile])
          ], trackIDs: [hostile],
          coverage: .init(
            captionedDuration: .zero, estimatedOffset: hostile, track: hostile),
          verdicts: [
            .init(
              criterion: hostile, level: hostile, title: hostile, status: .fail,
              evidence: hostile)
          ], findings: [finding])
      ],
      tracks: [
        .init(
          id: hostile, path: hostile, language: hostile, format: hostile,
          cues: [.init(index: 1, start: SampleReports.time(1), end: SampleReports.time(2))],
          findings: [finding])
      ], findings: [finding])
    let page = ValidationHTMLReportWriter.page(report)
    #expect(!page.contains("<script"))
    #expect(!page.contains("<img"))
    #expect(!page.contains("\u{7}"))
    let escaped =
      "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x "
      + "onerror=alert(2)&gt;&amp;amp;"
    // Title twice, h1, media heading, caption, stream, coverage, verdict, each finding's
    // message, hint, rule link and rule name, track ids in links, names and labels.
    #expect(count(escaped, in: page) >= 30)
  }

  @Test func keepsTheTimelineSmallForAHundredThousandCues() {
    let clock = ContinuousClock()
    var page = ""
    let elapsed = clock.measure {
      page = ValidationHTMLReportWriter.page(SampleReports.long(cues: 100_000, findings: 100_000))
    }
    #expect(elapsed < .seconds(10))
    let svg = pieces(page, from: "<svg role=\"img\"", to: "</svg>")
    try? #require(svg.count == 1)
    guard let timeline = svg.first else { return }
    // One rect per run of covered pixel columns: at most the plot's width.
    #expect(count("<rect ", in: timeline) <= ReportTimeline.plotWidth)
    #expect(count("<rect ", in: timeline) >= 1)
    #expect(count("<polygon ", in: timeline) <= ReportTimeline.plotWidth / 8 + 1)
    #expect(timeline.utf8.count < 40_000)
    // The list stops at its limit and says how many more there are.
    #expect(
      count("<li class=\"warning\">", in: page) == ValidationHTMLReportWriter.defaultListLimit)
    #expect(page.contains("<p>99000 more findings not listed here;"))
    #expect(page.utf8.count < 2_000_000)
    #expect(
      timeline.contains(
        "Subtitles: 100000 cues from 0:00 to 41:39:59. Warnings: 100000 warnings at 0:00, "
          + "0:01, 0:03, 0:04, 0:06 and 99995 more."))
  }

  @Test func drawsFewCuesOneByOneAndManyAsCoveredColumns() {
    let few = ValidationHTMLReportWriter.page(SampleReports.long(cues: 2))
    // 2 cues over 2.5 s: 0–1 s and 1.5–2.5 s of an 808-unit plot starting at 136, each one
    // unit shorter.
    #expect(few.contains("<rect x=\"136\" width=\"322.2\" y=\"11\" height=\"18\"/>"))
    #expect(few.contains("<rect x=\"620.8\" width=\"322.2\" y=\"11\" height=\"18\"/>"))
    let many = ValidationHTMLReportWriter.page(SampleReports.long(cues: 1_000))
    // Cues of 1 s every 1.5 s over 1498.5 s cover every column once merged.
    #expect(many.contains("<rect x=\"136\" width=\"808\" y=\"11\" height=\"18\"/>"))
  }

  @Test func clampsTimesOutsideTheMediaToThePlot() {
    var report = SampleReports.long(cues: 3)
    report.media = [.init(path: "m.mp4", duration: SampleReports.time(2), trackIDs: ["1"])]
    let page = ValidationHTMLReportWriter.page(report)
    // The third cue (3–4 s) is after the media's end: drawn as the minimum width at the end.
    #expect(page.contains("<rect x=\"944\" width=\"1\" y=\"11\" height=\"18\"/>"))
    #expect(page.contains("From 0:00 to 0:02."))
  }

  @Test func drawsTheSpeechOfAMediaWithoutTracks() {
    let report = ValidationHTMLReport(
      title: "bare.mp4",
      media: [
        .init(
          path: "bare.mp4", duration: SampleReports.time(4),
          speech: [SampleReports.range(0.5, 3.5)],
          findings: [
            .init(
              rule: "coverage.no-captions", severity: .error,
              message: "the media has an audio stream but no caption or subtitle track")
          ])
      ])
    let page = ValidationHTMLReportWriter.page(report)
    #expect(
      page.contains(
        "<desc id=\"timeline-1-desc\">From 0:00 to 0:04. Speech: 1 segment from 0:00 to 0:03, "
          + "0:03 in total. Captions: none. No finding at a time. 1 finding is not about a "
          + "time and is only in the list below.</desc>"))
    #expect(page.contains("aria-label=\"Timeline of the media (scrolls sideways)\""))
  }

  @Test func isTheSameForTheSameReport() throws {
    let report = try SampleReports.lighthouse()
    #expect(ValidationHTMLReportWriter.page(report) == ValidationHTMLReportWriter.page(report))
    var bytes: [UInt8] = []
    ValidationHTMLReportWriter.write(report, into: &bytes)
    #expect(bytes == Array(ValidationHTMLReportWriter.page(report).utf8))
  }

  @Test func keepsContrastInBothSchemes() throws {
    let background = try #require(ReportPalette.colours.first { $0.name == "bg" })
    for colour in ReportPalette.colours where colour.name != "bg" {
      #expect(
        ReportPalette.contrast(colour.light, background.light) >= 4.5,
        "\(colour.name) in the light scheme")
      #expect(
        ReportPalette.contrast(colour.dark, background.dark) >= 4.5,
        "\(colour.name) in the dark scheme")
    }
    #expect(ReportPalette.contrast("#000000", "#ffffff") == 21)
  }
}
