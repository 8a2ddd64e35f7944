import CaptionCore
import CaptionKit
import CaptionMedia
import Testing

/// What becomes of the decoders' findings about a caption stream that gives no track.
@Suite struct ClosedCaptionTracksTests {
  @Test func findingsOfAStreamWithoutATrackAreTheMediasOwn() {
    // Field 1: an End Of Caption whose first byte fails its parity, with no copy after it,
    // then a character: no caption is ever shown.
    var field1 = CaptionPairs(timescale: 30)
    field1.append(ticks: 30, first: 0x14, second: 0x2F, isValid: true)
    field1.append(ticks: 31, first: 0xC1, second: 0x80, isValid: true)
    let stream = ClosedCaptionStream(
      streamIndex: 0, source: .a53(codec: "h264"), field1: field1,
      field2: CaptionPairs(timescale: 30))
    let pass = Diagnostic(
      rule: MediaClosedCaptions.rule, severity: .warning, message: "stream 0: cut short")
    let captions = MediaClosedCaptions(
      streams: [stream], diagnostics: [pass], omittedDiagnostics: 2)
    let info = MediaInfo(
      path: "in.ts", format: "mpegts", duration: MediaTime(value: 5, timescale: 1),
      startTime: nil, bitRate: nil, title: nil, streams: [], chapters: [])
    let tracks = ClosedCaptionTracks(captions, info: info, path: "in.ts")
    #expect(tracks.results.isEmpty)
    #expect(
      tracks.diagnostics.map(\.message) == [
        "stream 0 at 00:00:01.000: parity error in the first byte of pair 142f; the pair is "
          + "dropped; no copy of it followed, so a command was lost",
        "stream 0: cut short",
        "2 more problems in the closed-caption data are not listed",
      ])
    #expect(tracks.diagnostics.map(\.file) == ["in.ts", "in.ts", "in.ts"])
    #expect(tracks.diagnostics.first?.losesText == true)
  }
}
