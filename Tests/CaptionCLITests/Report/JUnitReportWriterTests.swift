import Foundation
import FoundationXML
import Testing

@testable import CaptionCLI
@testable import CaptionKit

struct JUnitReportWriterTests {
  @Test func writesASuitePerFileAndACasePerRule() {
    let xml = String(
      decoding: JUnitReportWriter.write(ReportFixture.report(), failOn: .warning), as: UTF8.self)
    #expect(
      xml == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="captionkit" tests="3" failures="2" errors="0">
          <testsuite name="dir/movie.ko.vtt" tests="2" failures="2" errors="0">
            <testcase name="parse.encoding" classname="dir/movie.ko.vtt">
              <failure type="warning" message="1 finding at or above warning">\
        dir/movie.ko.vtt: warning: the file is not UTF-8; decoded as &quot;CP949&quot; \
        &lt;legacy&gt; [parse.encoding]
        </failure>
            </testcase>
            <testcase name="parse.webvtt" classname="dir/movie.ko.vtt">
              <failure type="error" message="1 finding at or above error">\
        dir/movie.ko.vtt:4:1: error: cue 1 ends at 00:00:11.500, before its start \
        00:00:12.000 [parse.webvtt]
            hint: make the end later than the start
        </failure>
            </testcase>
          </testsuite>
          <testsuite name="a b.srt" tests="1" failures="0" errors="0">
            <testcase name="parse.srt" classname="a b.srt">
              <system-out>a b.srt:2:14: remark: tab\there &amp; \u{FFFD} [parse.srt]
        </system-out>
            </testcase>
          </testsuite>
        </testsuites>

        """)
  }

  @Test func aCleanFilePassesItsParseRule() {
    var report = ValidationReport()
    report.add(.init(track: .init(format: .webvtt, path: "ok.vtt")))
    let xml = String(decoding: JUnitReportWriter.write(report, failOn: .error), as: UTF8.self)
    #expect(
      xml.contains(
        """
          <testsuite name="ok.vtt" tests="1" failures="0" errors="0">
            <testcase name="parse.webvtt" classname="ok.vtt"/>
          </testsuite>
        """))
  }

  @Test func failOnNeverFailsNothing() throws {
    let bytes = JUnitReportWriter.write(ReportFixture.report(), failOn: nil)
    let xml = String(decoding: bytes, as: UTF8.self)
    #expect(xml.contains("<testsuites name=\"captionkit\" tests=\"3\" failures=\"0\""))
    #expect(!xml.contains("<failure"))
    let document = try XMLDocument(data: Data(bytes))
    #expect(try document.nodes(forXPath: "//testcase").count == 3)
  }
}
