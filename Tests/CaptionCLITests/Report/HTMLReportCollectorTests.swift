import CaptionKit
import Foundation
import Testing

@testable import CaptionCLI

struct HTMLReportCollectorTests {
  static let flawed = """
    WEBVTT

    00:00:01.000 --> 00:00:02.000
    Hello

    00:00:03.000 --> 00:00:02.500
    <script>alert(1)</script>

    """

  @Test func writesTheHTMLReportBesideTheJSONReport() throws {
    let folder = try TemporaryFolder()
    let vtt = try folder.file("a.en.vtt", Self.flawed)
    let json = folder.path + "/report.json"
    let html = folder.path + "/report.html"
    let run = ToolRun(["validate", vtt, "--format", "json", "-o", json, "--report", html])
    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
    #expect(try folder.contents("report.json").contains("\"rule\": \"timing.zero-duration\""))
    let page = try folder.contents("report.html")
    #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\" dir=\"ltr\">"))
    #expect(page.contains("<h1>\(vtt)</h1>"))
    #expect(page.contains("<p>2 errors, 0 warnings and 0 remarks in 1 track.</p>"))
    #expect(page.contains("Subtitles: 2 cues from 0:01 to 0:03. Errors: 2 errors at 0:03, 0:03."))
    #expect(
      page.contains(
        "<span class=\"where\">line 6, column 1 · cue 2 · 00:00:03.000 to 00:00:02.500</span>"))
    #expect(page.contains("<a href=\"Docs/rules/timing.zero-duration.md\">"))
    #expect(page.contains("cue 2 has unknown tag &lt;script&gt;"))
    // The report holds no cue text.
    #expect(!page.contains("alert"))
  }

  @Test func writesTheHTMLReportBesideTheTextReport() throws {
    let folder = try TemporaryFolder()
    let vtt = try folder.file("a.vtt", SampleText.webvtt)
    let html = folder.path + "/report.html"
    let run = ToolRun(["validate", vtt, "--report", html])
    #expect(run.status == 0)
    #expect(run.stdout == "checked 1 file: 0 errors, 0 warnings, 0 remarks\n")
    let page = try folder.contents("report.html")
    #expect(page.contains("Subtitles: 1 cue from 0:01 to 0:02. No finding at a time."))
    #expect(page.contains("<h3>Findings of track 1</h3>\n<p>None.</p>"))
  }

  @Test func refusesStandardOutputForTheHTMLReport() {
    let run = ToolRun(["validate", "-", "--report", "-"], stdin: SampleText.webvtt)
    #expect(run.status == 64)
    #expect(run.stderr.contains("'--report' needs a file name; standard output is for --format"))
  }

  @Test func failsWhenTheHTMLReportCannotBeWritten() throws {
    let folder = try TemporaryFolder()
    let vtt = try folder.file("a.vtt", SampleText.webvtt)
    let run = ToolRun(["validate", vtt, "--report", folder.path + "/missing/report.html"])
    #expect(run.status == 73)
  }

  @Test func titlesAReportOfManyInputs() {
    #expect(HTMLReportCollector.title(for: ["a.vtt"]) == "a.vtt")
    #expect(
      HTMLReportCollector.title(for: ["a", "b", "c", "d", "e"]) == "a, b, c and 2 more")
  }
}
