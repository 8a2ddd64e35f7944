import CaptionCore
import Testing

@testable import CaptionFormats

struct FormatRegistryTests {
  @Test func listsEachFormatOnce() {
    let formats = FormatRegistry.entries.map(\.format)
    #expect(formats == [.webvtt, .srt, .ttml, .ass, .scc, .json])
    #expect(
      FormatRegistry.entries.filter(\.canRead).map(\.format) == [
        .webvtt, .srt, .ttml, .ass, .scc,
      ])
    #expect(
      FormatRegistry.entries.filter(\.canWrite).map(\.format) == [
        .webvtt, .srt, .ttml, .ass, .scc, .json,
      ])
    let extensions = FormatRegistry.entries.flatMap(\.extensions)
    #expect(Set(extensions).count == extensions.count)
  }

  @Test func findsFormatsByNameAndExtension() {
    #expect(FormatRegistry.entry(named: "VTT")?.format == .webvtt)
    #expect(FormatRegistry.entry(named: "webvtt")?.format == .webvtt)
    #expect(FormatRegistry.entry(named: "subrip")?.format == .srt)
    #expect(FormatRegistry.entry(named: "json")?.format == .json)
    #expect(FormatRegistry.entry(named: "txt") == nil)
    #expect(FormatRegistry.entry(forPath: "dir/movie.ko.sdh.VTT")?.format == .webvtt)
    #expect(FormatRegistry.entry(forPath: "a.srt")?.format == .srt)
    #expect(FormatRegistry.entry(forPath: "a.dfxp")?.format == .ttml)
    #expect(FormatRegistry.entry(forPath: "a.SSA")?.format == .ass)
    #expect(FormatRegistry.entry(named: "ssa")?.format == .ass)
    #expect(FormatRegistry.entry(forPath: "a.vtt/readme") == nil)
    #expect(FormatRegistry.entry(forPath: "vtt") == nil)
    #expect(FormatRegistry.entry(forPath: "movie.mp4") == nil)
  }

  @Test(arguments: [
    ("WEBVTT\n\n00:01.000 --> 00:02.000\nx", TrackFormat.webvtt),
    ("WEBVTT", .webvtt),
    ("Scenarist_SCC V1.0\n\n00:00:00;00\t9420", .scc),
    ("\nScenarist_SCC V1.0 \r\n", .scc),
    ("WEBVTT - title\n", .webvtt),
    ("\n\nWEBVTT\tx\n", .webvtt),
    ("1\n00:00:01,000 --> 00:00:02,000\nx\n", .srt),
    ("\r\n 12 \r\n00:00:01,000 --> 00:00:02,000\r\n", .srt),
    ("00:00:01,000 --> 00:00:02,000\nx\n", .srt),
    ("<?xml version=\"1.0\"?>\n<tt xmlns=\"http://www.w3.org/ns/ttml\">", .ttml),
    ("\n  <tt xml:lang=\"en\">", .ttml),
    ("<tt:tt xmlns:tt=\"http://www.w3.org/ns/ttml\">", .ttml),
    ("[Script Info]\nScriptType: v4.00+\n", .ass),
    ("\r\n  [script info]  \r\n", .ass),
  ])
  func sniffsTheFormat(text: String, format: TrackFormat) {
    #expect(FormatRegistry.sniff(Array(text.utf8)) == format)
  }

  @Test(arguments: [
    "", "WEBVTTX\n", "webvtt\n", "1\nhello\n", "hello -- > world", "\n\n", "<html>", "<ttx>",
    "[Script Info] x", "[Events]\n",
  ])
  func sniffsNothingInOtherText(text: String) {
    #expect(FormatRegistry.sniff(Array(text.utf8)) == nil)
  }

  @Test func findsTimingLinesAnywhere() {
    #expect(FormatRegistry.containsTimingLine(Array("a\nb\n1 --> 2".utf8)))
    #expect(!FormatRegistry.containsTimingLine(Array("a\nb\n1 -- 2 ->".utf8)))
    #expect(!FormatRegistry.containsTimingLine(Array("--".utf8)))
  }
}
