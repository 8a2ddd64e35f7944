import CaptionCore
import Testing

@testable import CaptionFormats

/// `Kind:` and `Language:` lines under the WEBVTT line, as YouTube writes them: a warning of
/// their own rule, the cues read, the lines kept.
struct WebVTTLegacyHeaderTests {
  @Test func aLegacyHeaderIsAWarningOfItsOwnRule() {
    let text = "WEBVTT\nKind: captions\nLanguage: en\n\n00:00:01.000 --> 00:00:02.000\nHi\n"
    let result = WebVTTReader.read(DecodedText(text), path: "yt.vtt")
    #expect(
      result.diagnostics.map(\.compilerStyle) == [
        "yt.vtt:2:1: warning: legacy header 'Kind: captions', 'Language: en' after the "
          + "\"WEBVTT\" line, with no blank line; WebVTT has no header lines (players skip "
          + "them) [parse.webvtt-legacy-header]"
      ])
    #expect(result.track.header == ["", "Kind: captions", "Language: en"])
    #expect(result.track.cues.map(\.rawText) == ["Hi"])
  }

  /// An HLS segment's timestamp map (RFC 8216 section 3.5) belongs in the header: no
  /// finding, the line kept; other lines beside it are judged as before.
  @Test func anHLSTimestampMapIsExpectedInTheHeader() {
    let map = "X-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000"
    let text = "WEBVTT\n\(map)\n\n00:00:01.000 --> 00:00:02.000\nHi\n"
    let result = WebVTTReader.read(DecodedText(text), path: "seg.vtt")
    #expect(result.diagnostics.isEmpty)
    #expect(result.track.header == ["", map])
    let mixed = WebVTTReader.read(
      DecodedText("WEBVTT\n\(map)\nmade by hand\n\n00:00:01.000 --> 00:00:02.000\nHi\n"),
      path: "seg.vtt")
    #expect(
      mixed.diagnostics.map(\.compilerStyle) == [
        "seg.vtt:2:1: error: missing blank line after the \"WEBVTT\" line [parse.webvtt]"
      ])
  }

  @Test(arguments: [
    ("Kind: captions", true), ("Language: en-US", true), ("X-Custom_2.1: yes", true),
    ("made by hand", false), (": no name", false), ("2023: a year", false),
    ("Kind captions", false), ("Ünïcode: no", false),
  ])
  func whatALegacyHeaderLineIs(line: String, legacy: Bool) {
    #expect(WebVTTParser.isLegacyHeaderLine(line) == legacy)
  }

  /// Written back as WebVTT, the lines go into a NOTE block, and the file reads clean.
  @Test func theWriterPutsHeaderLinesInANote() throws {
    let text = "WEBVTT\nKind: captions\nLanguage: en\n\n00:00:01.000 --> 00:00:02.000\nHi\n"
    let track = WebVTTReader.read(DecodedText(text), path: nil).track
    var bytes: [UInt8] = []
    let losses = WebVTTWriter.write(track, into: &bytes)
    #expect(losses.isEmpty)
    let written = String(decoding: bytes, as: UTF8.self)
    #expect(
      written
        == "WEBVTT\n\nNOTE\nKind: captions\nLanguage: en\n\n00:00:01.000 --> 00:00:02.000\nHi\n")
    #expect(WebVTTReader.read(DecodedText(written), path: nil).diagnostics.isEmpty)
  }
}
