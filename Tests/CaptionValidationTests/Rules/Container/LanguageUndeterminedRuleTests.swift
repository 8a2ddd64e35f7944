import CaptionCore
import CaptionValidation
import Testing

struct LanguageUndeterminedRuleTests {
  @Test func reportsAudioAndSubtitleStreamsWithoutALanguage() {
    let media = MediaFacts(
      duration: MediaTime(milliseconds: 10_000), hasAudio: true, hasVideo: true,
      path: "movie.mkv",
      streams: [
        .init(index: 0, type: .video, codec: "h264", languageCode: "und"),
        .init(index: 1, type: .audio, codec: "aac", languageCode: "und"),
        .init(
          index: 2, type: .audio, codec: "aac", language: LanguageTag("en"), languageCode: "eng"),
        .init(index: 3, type: .subtitle, codec: "subrip"),
      ])
    let found = MediaHarness.findings(of: LanguageUndeterminedRule(), files: [], media: media)
    #expect(
      found == [
        "media: audio stream 1 (aac): its language is und",
        "media: subtitle stream 3 (subrip): its language is not set",
      ])
  }
}
