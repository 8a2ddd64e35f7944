import CaptionCore
import CaptionFormats
import CaptionValidation
import Testing

/// `Kind:` and `Language:` lines in a NOTE block before the first cue (where the WebVTT
/// writer puts a legacy header) still declare the track's kind and language to the rules.
struct LegacyHeaderNoteTests {
  @Test func aNoteBeforeTheFirstCueDeclaresTheKindAndLanguage() {
    let track = WebVTTReader.read(
      "WEBVTT\n\nNOTE\nKind: captions\nLanguage: ko\n\n00:00:01.000 --> 00:00:02.000\nHi\n"
    ).track
    let input = Validator.input(for: track, context: ValidationContext(tracks: [track]))
    #expect(input.kind == .captions)
    #expect(input.language == LanguageTag("ko"))
  }

  @Test func aNoteAfterTheFirstCueDeclaresNothing() {
    let track = WebVTTReader.read(
      "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n\nNOTE\nKind: captions\n"
    ).track
    let input = Validator.input(for: track, context: ValidationContext(tracks: [track]))
    #expect(input.kind == nil)
  }
}
