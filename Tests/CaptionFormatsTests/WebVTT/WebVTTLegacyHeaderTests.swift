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
