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

struct HTMLReportOfMediaTests {
  @Test func showsTheMediaTheSpeechAndTheVerdicts() throws {
    let folder = try TemporaryFolder()
    let html = folder.path + "/report.html"
    let media = ValidateRulesTests.samples + "/lighthouse/lighthouse.mp4"
    let run = ToolRun(["validate", media, "--no-audio", "--report", html])
    #expect(run.status == 0)
    let page = try folder.contents("report.html")
    #expect(page.contains("<h2 id=\"media-1\">Media: <bdi>\(media)</bdi></h2>"))
    #expect(page.contains("<li>2: subtitle, mov_text, en, English SDH (default, "))
    #expect(page.contains("<h3 id=\"track-1\">Track 1: <bdi>\(media)</bdi>, stream 2</h3>"))
    #expect(
      page.contains(
        "<tr><th scope=\"row\">1.2.2 Captions (Prerecorded) (level A)</th><td class=\"status "
          + "unknown\">Unknown</td>"))
    #expect(page.contains("<dt>Speech found</dt><dd>unknown: the audio was not analysed</dd>"))
    // Without analysis there is no speech lane.
    #expect(!page.contains("0:54. Speech:"))
    let withAudio = ToolRun(["validate", media, "--report", html])
    #expect(withAudio.status == 0)
    let analysed = try folder.contents("report.html")
    #expect(analysed.contains("<desc id=\"timeline-1-desc\">From 0:00 to 0:54. Speech: "))
    #expect(analysed.contains("<td class=\"status pass\">Pass</td>"))
  }
}
