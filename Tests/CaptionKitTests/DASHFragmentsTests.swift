import CaptionCore
import CaptionFormats
import Testing

@testable import CaptionKit

/// The segment files a DASH text representation's template names.
struct DASHFragmentsTests {
  static func representation(_ template: String) throws -> DASHManifest.Representation {
    let manifest = """
      <MPD type="static" mediaPresentationDuration="PT10S"><Period>
      <AdaptationSet contentType="text" mimeType="application/mp4" codecs="wvtt">
      \(template)
      <Representation id="en" bandwidth="800"/>
      </AdaptationSet></Period></MPD>
      """
    let parsed = DASHManifestParser.parse(Array(manifest.utf8))
    #expect(parsed.diagnostics == [])
    return try #require(parsed.manifest?.periods.first?.adaptationSets.first?.representations.first)
  }

  static func names(_ template: String, period: MediaTime? = MediaTime(milliseconds: 10_000))
    throws -> [String]
  {
    switch DASHFragments.segments(of: try representation(template), setBase: nil, period: period)
    {
    case .success(let listed): return [listed.initialization ?? "-"] + listed.media.map(\.uri)
    case .failure(let failure): return ["failure: \(failure)"]
    }
  }

  @Test func numbersFromTheDurationAndThePeriodsLength() throws {
    #expect(
      try Self.names(
        #"<SegmentTemplate timescale="1000" duration="4000" startNumber="7" "#
          + #"initialization="$RepresentationID$/init.mp4" media="$RepresentationID$/$Number%04d$-$Bandwidth$.m4s"/>"#
      )
        == ["en/init.mp4", "en/0007-800.m4s", "en/0008-800.m4s", "en/0009-800.m4s"])
    #expect(
      try Self.names(#"<SegmentTemplate duration="4" media="$Number$.m4s"/>"#, period: nil)
        == [
          "failure: its SegmentTemplate gives a duration but the period's length is not known "
            + "(no Period duration or mediaPresentationDuration)"
        ])
  }

  @Test func aTimelineGivesTimesRepeatsAndRepeatsToTheEnd() throws {
    #expect(
      try Self.names(
        #"<SegmentTemplate timescale="10" media="t$Time$.m4s"><SegmentTimeline>"#
          + #"<S t="5" d="30" r="1"/><S d="20"/><S t="70" d="15" r="-1"/>"#
          + #"</SegmentTimeline></SegmentTemplate>"#)
        == ["-", "t5.m4s", "t35.m4s", "t65.m4s", "t70.m4s", "t85.m4s"])
    // $$ is a dollar sign; an unknown identifier is left as written.
    #expect(
      DASHFragments.substitute(
        "a$$b$Foo$c$Number%03d$", id: "x", bandwidth: "1", number: 5, time: 0) == "a$b$Foo$c005")
  }

  @Test func withoutATemplateTheBaseURLIsTheWholeTrack() throws {
    let bare = try Self.representation("")
    let whole = try DASHFragments.segments(of: bare, setBase: "subs.mp4", period: nil).get()
    #expect(whole.initialization == nil)
    #expect(whole.media.map(\.uri) == ["subs.mp4"])
    #expect(
      throws: DASHFragments.Failure.self,
      performing: { try DASHFragments.segments(of: bare, setBase: nil, period: nil).get() })
  }
}
