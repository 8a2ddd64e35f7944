import CaptionCore
import CaptionValidation
import Testing

/// The `cea608.*` rules on tracks of 608 captions as the media reader makes them: cues plus
/// the facts of their byte pairs (`Track.cea608`).
struct CEA608RuleTests {
  private static func ms(_ value: Int64) -> MediaTime { MediaTime(milliseconds: value) }

  private static func track(
    _ channel: CEA608Channel, language: String? = nil, cues: [(Int64, Int64, String)],
    facts: (inout CEA608TrackFacts) -> Void = { _ in }
  ) -> Track {
    var track = Track(
      format: .webvtt, language: language.flatMap { LanguageTag($0) }, kind: .captions,
      source: .embedded, path: "news.ts", stream: 0,
      cues: cues.map {
        Cue(start: ms($0.0), end: ms($0.1), text: CueText(nodes: [.text($0.2)]), rawText: $0.2)
      })
    var made = CEA608TrackFacts(channel: channel)
    facts(&made)
    track.cea608 = made
    return track
  }

  private static func findings(
    _ rule: any Rule, _ tracks: [Track], media: MediaFacts? = nil
  ) -> [String] {
    let context = ValidationContext(
      tracks: tracks,
      media: media
        ?? MediaFacts(duration: ms(8000), hasAudio: true, hasVideo: true, path: "news.ts"),
      profile: .standard)
    let ids = tracks.indices.map { String($0 + 1) }
    let validator = Validator(rules: [rule])
    let found =
      rule.trackRule != nil
      ? tracks.enumerated().flatMap { validator.validate($1, in: context, id: ids[$0]) }
      : validator.validateTogether(context, ids: ids)
    return found.map {
      "\($0.track ?? "-") \($0.cue.map { "cue \($0.index)" } ?? "-"): \($0.message)"
    }
  }

  @Test func layoutReportsTheDecodersFindingsAtTheirCue() {
    let track = Self.track(.cc1, cues: [(1000, 3000, "A"), (4000, 6000, "B")]) { facts in
      facts.layoutFindings = [
        CEA608Finding(
          kind: .pastLastColumn, severity: .warning,
          message: "CC1 text past column 32 on row 15 is dropped from 'X'", time: Self.ms(3500),
          channel: .cc1)
      ]
    }
    #expect(
      Self.findings(CEA608LayoutRule(), [track]) == [
        "- cue 2: text past column 32 on row 15 is dropped from 'X' (sent at 00:00:03.500)"
      ])
    #expect(Self.findings(CEA608LayoutRule(), [Self.track(.cc1, cues: [(0, 1000, "A")])]) == [])
  }

  @Test func rollUpDepthReportsEachChangeFromTheFirstDepth() {
    let track = Self.track(.cc1, cues: [(1000, 3000, "A"), (5000, 7000, "B")]) { facts in
      facts.rollUpDepths = [
        .init(depth: 2, time: Self.ms(1000)), .init(depth: 3, time: Self.ms(5000)),
      ]
    }
    #expect(
      Self.findings(CEA608RollUpDepthRule(), [track]) == [
        "- cue 2: the roll-up depth changes from 2 to 3 rows at 00:00:05.000; it was 2 rows "
          + "from 00:00:01.000"
      ])
    let steady = Self.track(.cc1, cues: [(1000, 3000, "A")]) { facts in
      facts.rollUpDepths = [.init(depth: 3, time: Self.ms(1000))]
    }
    #expect(Self.findings(CEA608RollUpDepthRule(), [steady]) == [])
  }

  @Test func pastEndReportsACaptionNeverErasedAndOnePastTheMedia() {
    let never = Self.track(.cc1, cues: [(1000, 3000, "A"), (7000, 8000, "B")]) { facts in
      facts.stillShown = CEA608Finding(
        kind: .stillShown, severity: .warning, message: "", time: Self.ms(7000), channel: .cc1)
      facts.dataEnd = Self.ms(7900)
    }
    let long = Self.track(.cc3, cues: [(6000, 9500, "C")])
    #expect(
      Self.findings(CEA608PastEndRule(), [never, long]) == [
        "1 cue 2: the caption shown at 00:00:07.000 is never erased: it is still on screen "
          + "when the caption data ends at 00:00:07.900",
        "2 cue 1: cue 1 stays on screen until 00:00:09.500, after the programme ends at "
          + "00:00:08.000",
      ])
  }

  @Test func languageChecksCC1AgainstTheAudioCC3AndTheSidecars() {
    let media = MediaFacts(
      duration: Self.ms(8000), hasAudio: true, hasVideo: true, path: "news.ts",
      streams: [
        .init(index: 0, type: .video, codec: "h264"),
        .init(index: 1, type: .audio, codec: "aac", language: LanguageTag("en")),
      ])
    let cc1 = Self.track(
      .cc1, language: "es", cues: [(1000, 3000, "Hello and welcome"), (4000, 6000, "the news")]
    ) { $0.languageSource = .serviceDescriptor }
    let cc3 = Self.track(.cc3, language: "es", cues: [(1000, 3000, "Hola y bienvenidos")]) {
      $0.languageSource = .serviceDescriptor
    }
    var sidecar = Track(
      format: .webvtt, language: LanguageTag("en"), kind: .captions, source: .sidecar,
      path: "news.en.vtt",
      cues: [
        Cue(
          start: Self.ms(1000), end: Self.ms(6000),
          text: CueText(nodes: [.text("Hello and welcome, the news")]), rawText: "")
      ])
    sidecar.stream = nil
    #expect(
      Self.findings(CEA608LanguageRule(), [cc1, cc3, sidecar], media: media) == [
        "1 -: CC1 is declared es (by the caption service descriptor) but the main audio "
          + "stream 1 is en",
        "1 -: CC1 is declared es but carries the same words as news.en.vtt (en)",
        "2 -: CC1 and CC3 are both declared es but carry different captions",
      ])
    let english = Self.track(.cc1, language: "en", cues: [(1000, 3000, "Hello and welcome")])
    #expect(Self.findings(CEA608LanguageRule(), [english, sidecar], media: media) == [])
  }
}
