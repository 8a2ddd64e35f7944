import Testing

@testable import CaptionKit

/// Moving a track by an alignment: cue times and the timestamps inside cue text alike.
struct CaptionSyncTests {
  /// The WebVTT `text` read, moved by `ratio` and `offset` (ms), and written again.
  static func moved(_ text: String, ratio: Double, offset: Int64) throws -> String {
    let input = try CaptionFileReader().read(bytes: Array(text.utf8), path: "karaoke.vtt")
    var track = input.track
    let alignment = SyncAlignment(
      ratio: ratio, pieces: [SyncAlignment.Piece(firstCue: 0, offset: offset)], agreement: 1,
      confidence: 1)
    let result = CaptionSync.Result(alignment: alignment, pieceStarts: [.zero])
    CaptionSync.apply(result, to: &track)
    var bytes: [UInt8] = []
    _ = WebVTTWriter.write(track, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func innerTimestampsTakeTheRatioAndStayInsideTheCue() throws {
    let text = """
      WEBVTT

      00:00:10.000 --> 00:00:20.000
      <00:00:12.000>one <00:00:19.000>two <00:00:21.000>late

      """
    // media = caption × 1.05 − 1 s: the cue becomes 9.5 to 20.0 s.
    let written = try Self.moved(text, ratio: 1.05, offset: -1_000)
    #expect(
      written.contains(
        "00:00:09.500 --> 00:00:20.000\n"
          + "<00:00:11.600>one <00:00:18.950>two <00:00:20.000>late\n"),
      "\(written)")
  }

  @Test func aCueMovedBeforeZeroKeepsItsTimestampsInside() throws {
    let text = """
      WEBVTT

      00:00:01.000 --> 00:00:04.000
      <00:00:02.000>one <00:00:03.500>two

      """
    let written = try Self.moved(text, ratio: 1, offset: -2_000)
    #expect(
      written.contains("00:00:00.000 --> 00:00:02.000\n<00:00:00.000>one <00:00:01.500>two\n"),
      "\(written)")
  }
}
