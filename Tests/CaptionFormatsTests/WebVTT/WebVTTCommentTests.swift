import CaptionCore
import CaptionFormats
import Testing

/// NOTE blocks are kept with the number of cues before them, and written back where they
/// stood, so that rewriting a file (convert, fix) does not lose its comments.
struct WebVTTCommentTests {
  static let file = """
    WEBVTT

    NOTE made by hand
    second line

    REGION
    id:top

    00:00:01.000 --> 00:00:02.000
    One

    NOTE between

    00:00:03.000 --> 00:00:04.000
    Two

    NOTE
    at the end

    """

  @Test func theReaderKeepsEachNoteBlockAndWhereItStood() {
    let track = WebVTTReader.read(Self.file).track
    #expect(
      track.comments == [
        TrackComment(text: "NOTE made by hand\nsecond line", beforeCue: 0),
        TrackComment(text: "NOTE between", beforeCue: 1),
        TrackComment(text: "NOTE\nat the end", beforeCue: 2),
      ])
    #expect(track.cues.map(\.rawText) == ["One", "Two"])
  }

  @Test func theWriterPutsThemBackAndAReadAndWriteChangesNothing() {
    var bytes: [UInt8] = []
    let losses = WebVTTWriter.write(WebVTTReader.read(Self.file).track, into: &bytes)
    #expect(losses.isEmpty)
    #expect(String(decoding: bytes, as: UTF8.self) == Self.file)
  }

  @Test func aCommentThatWouldEndItselfIsWrittenSafely() {
    var track = Track(format: .webvtt)
    track.comments = [TrackComment(text: "NOTE a --> b\n\nafter an empty line", beforeCue: 0)]
    var bytes: [UInt8] = []
    let losses = WebVTTWriter.write(track, into: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self) == "WEBVTT\n\nNOTE a -> b\nafter an empty line\n")
    #expect(losses.map(\.message) == ["a NOTE block contains -->; written without it"])
  }

  @Test func legacyHeaderLinesWrittenAsANoteStillDeclareTheTrack() {
    var bytes: [UInt8] = []
    _ = WebVTTWriter.write(
      WebVTTReader.read(
        "WEBVTT\nKind: captions\nLanguage: en\n\n00:00:01.000 --> 00:00:02.000\nHi\n"
      )
      .track, into: &bytes)
    let written = String(decoding: bytes, as: UTF8.self)
    #expect(
      written
        == "WEBVTT\n\nNOTE\nKind: captions\nLanguage: en\n\n00:00:01.000 --> 00:00:02.000\nHi\n")
    // Read again, the lines are a comment before the first cue.
    #expect(
      WebVTTReader.read(written).track.comments == [
        TrackComment(text: "NOTE\nKind: captions\nLanguage: en", beforeCue: 0)
      ])
  }
}
