public import CaptionCore

/// Decides the WCAG 2.2 verdicts of 1.2.1, 1.2.2, 1.2.3, 1.2.5, 1.2.7 and 1.2.8 for one
/// media from what it holds (audio, video), its tracks and the findings about them. The
/// decision rules are in `Docs/wcag.md`.
public struct WCAGEvaluator: Sendable {
  /// The media's facts.
  public var media: MediaFacts
  /// Each track with its report id.
  public var tracks: [(id: String, track: Track)]
  /// True when the audio was analysed for speech.
  public var audioAnalysed: Bool
  /// Every finding about the media and its tracks.
  public var diagnostics: [Diagnostic]

  public init(
    media: MediaFacts, tracks: [(id: String, track: Track)], audioAnalysed: Bool,
    diagnostics: [Diagnostic]
  ) {
    self.media = media
    self.tracks = tracks
    self.audioAnalysed = audioAnalysed
    self.diagnostics = diagnostics
  }

  /// The six verdicts, in criterion order.
  /// A pass rests on the whole media: when its data is damaged or ends early
  /// (`media.damagedFrom`), what is missing may not be captioned or described, so a pass
  /// becomes unknown. A fail or not-applicable stays: it is decided by what is there.
  public func verdicts() -> [WCAGVerdict] {
    let verdicts = [
      audioOnlyAndVideoOnly(), captions(), descriptionOrAlternative(), audioDescription(),
      extendedDescription(), mediaAlternative(),
    ]
    guard let damaged = media.damagedFrom else { return verdicts }
    let from = damaged > .zero ? " from \(damaged)" : ""
    return verdicts.map { verdict in
      guard verdict.status == .pass else { return verdict }
      var unknown = verdict
      unknown.status = .unknown
      unknown.evidence =
        "the media is damaged\(from) (\(Self.damagedRule)), so what is missing cannot be "
        + "checked; what was read: " + verdict.evidence
      if !unknown.rules.contains(Self.damagedRule) { unknown.rules.append(Self.damagedRule) }
      return unknown
    }
  }

  /// The rule of media damage findings.
  static let damagedRule = "container.damaged"

  private var isSynchronized: Bool { media.hasAudio && media.hasVideo }

  /// The tracks of these kinds; a track of no kind counts as subtitles (the sidecar
  /// convention: `movie.ko.vtt`).
  private func ids(_ kinds: Set<TrackKind>, withCues: Bool = false) -> [String] {
    tracks.filter {
      kinds.contains($0.track.kind ?? .subtitles) && !(withCues && $0.track.cues.isEmpty)
    }.map(\.id)
  }

  /// Caption and subtitle tracks count only with cues: an empty one captions nothing.
  private var captionIDs: [String] { ids([.captions, .sdh], withCues: true) }
  private var subtitleIDs: [String] { ids([.subtitles], withCues: true) }
  /// The caption and subtitle tracks without a cue.
  private var emptyTextIDs: [String] {
    tracks.filter {
      [.captions, .sdh, .subtitles].contains($0.track.kind ?? .subtitles) && $0.track.cues.isEmpty
    }.map(\.id)
  }
  /// Description tracks count only with cues: an empty one describes nothing.
  private var descriptionIDs: [String] { ids([.descriptions], withCues: true) }
  /// The description tracks without a cue.
  private var emptyDescriptionIDs: [String] {
    tracks.filter { $0.track.kind == .descriptions && $0.track.cues.isEmpty }.map(\.id)
  }
  /// What a verdict says of description tracks without a cue, when there are some.
  private var emptyDescriptions: String? {
    let empty = emptyDescriptionIDs
    guard !empty.isEmpty else { return nil }
    return "description \(list(empty)) \(empty.count == 1 ? "has" : "have") no cues"
  }

  /// The rules with findings at `severity` or above among `rules`, about `tracks` (or about
  /// the media when `tracks` is nil).
  private func found(_ rules: Set<String>, in tracks: [String]? = nil, atLeast: Severity = .remark)
    -> [String]
  {
    var result: [String] = []
    for diagnostic in diagnostics
    where rules.contains(diagnostic.rule) && diagnostic.severity >= atLeast
      && !result.contains(diagnostic.rule)
    {
      if let tracks, let track = diagnostic.track, !tracks.contains(track) { continue }
      result.append(diagnostic.rule)
    }
    return result
  }

  private func list(_ ids: [String]) -> String {
    (ids.count == 1 ? "track " : "tracks ") + ids.joined(separator: ", ")
  }

  func audioOnlyAndVideoOnly() -> WCAGVerdict {
    func verdict(_ status: WCAGVerdict.Status, _ evidence: String, tracks: [String] = [])
      -> WCAGVerdict
    {
      WCAGVerdict(
        criterion: "1.2.1", level: "A", title: "Audio-only and Video-only (Prerecorded)",
        status: status, evidence: evidence, tracks: tracks)
    }
    if media.hasAudio && !media.hasVideo {
      let text = captionIDs + subtitleIDs
      return verdict(
        .unknown,
        "audio-only media: needs a transcript, which captionkit cannot find"
          + (text.isEmpty ? "" : "; \(list(text)) may serve as one"), tracks: text)
    }
    if media.hasVideo && !media.hasAudio {
      if !descriptionIDs.isEmpty {
        return verdict(
          .pass, "video-only media with a text description in \(list(descriptionIDs))",
          tracks: descriptionIDs)
      }
      return verdict(
        .unknown,
        "video-only media "
          + (emptyDescriptions.map { "whose \($0)" } ?? "without a description track")
          + ": needs a transcript or an audio track, which captionkit cannot find",
        tracks: emptyDescriptionIDs)
    }
    return verdict(
      .notApplicable,
      media.hasAudio ? "the media has both audio and video" : "the media has no audio or video")
  }

  func captions() -> WCAGVerdict {
    func verdict(
      _ status: WCAGVerdict.Status, _ evidence: String, tracks: [String] = [], rules: [String] = []
    ) -> WCAGVerdict {
      WCAGVerdict(
        criterion: "1.2.2", level: "A", title: "Captions (Prerecorded)", status: status,
        evidence: evidence, tracks: tracks, rules: rules)
    }
    guard isSynchronized else {
      return verdict(.notApplicable, "the media is not audio with video")
    }
    let text = captionIDs.isEmpty ? subtitleIDs : captionIDs
    guard !text.isEmpty else {
      let empty = emptyTextIDs
      return verdict(
        .fail,
        empty.isEmpty
          ? "the media has audio and video but no caption or subtitle track"
          : "the media has audio and video, but its caption and subtitle tracks have no cues "
            + "(\(list(empty)))",
        tracks: empty, rules: found(["coverage.no-captions"]))
    }
    let failing = found(
      [
        "coverage.uncaptioned-speech", "timing.sync-offset", "timing.beyond-media",
        "timing.zero-duration", "parse.webvtt", "parse.srt",
      ], in: text, atLeast: .warning)
    let errors = diagnostics.filter {
      $0.severity == .error && ($0.track.map(text.contains) ?? false)
    }.map(\.rule)
    let rules =
      failing
      + errors.filter { !failing.contains($0) }.reduce(into: [String]()) {
        if !$0.contains($1) { $0.append($1) }
      }
    let hasProblem =
      !errors.isEmpty || failing.contains("coverage.uncaptioned-speech")
      || failing.contains("timing.sync-offset")
    if hasProblem {
      return verdict(
        .fail,
        "\(list(text)) \(text.count == 1 ? "has" : "have") speech left uncaptioned, out of sync, "
          + "or errors: "
          + rules.joined(separator: ", "), tracks: text, rules: rules)
    }
    if captionIDs.isEmpty {
      return verdict(
        .unknown,
        "only subtitles (\(list(text))): whether they include speakers and sounds is unknown; "
          + "mark captions as captions or SDH", tracks: text)
    }
    guard audioAnalysed else {
      return verdict(
        .unknown,
        "captions in \(list(text)) without errors, but the audio was not analysed, so missing "
          + "captions cannot be found", tracks: text)
    }
    return verdict(
      .pass,
      "captions in \(list(text)) cover the detected speech, in sync, without errors",
      tracks: text)
  }

  /// The status of the description track(s), shared by 1.2.3 and 1.2.5; nil when there is
  /// no description at all.
  private func descriptionState() -> (WCAGVerdict.Status, String, [String], [String])? {
    if !descriptionIDs.isEmpty {
      let overlaps = found(["description.overlaps-dialogue"], in: descriptionIDs)
      if !overlaps.isEmpty {
        return (
          .fail,
          "descriptions in \(list(descriptionIDs)) overlap the dialogue", descriptionIDs,
          overlaps
        )
      }
      return (
        .pass, "descriptions in \(list(descriptionIDs)) fit the pauses in the dialogue",
        descriptionIDs, found(["description.does-not-fit"], in: descriptionIDs)
      )
    }
    if media.hasDescribedAudio {
      let streams = media.streams.filter { $0.type == .audio && $0.isDescription }.map {
        String($0.index)
      }
      return (
        .pass, "audio stream \(streams.joined(separator: ", ")) is marked as audio description",
        [], []
      )
    }
    return nil
  }

  func descriptionOrAlternative() -> WCAGVerdict {
    func verdict(
      _ status: WCAGVerdict.Status, _ evidence: String, tracks: [String] = [], rules: [String] = []
    ) -> WCAGVerdict {
      WCAGVerdict(
        criterion: "1.2.3", level: "A",
        title: "Audio Description or Media Alternative "
          + "(Prerecorded)", status: status, evidence: evidence, tracks: tracks, rules: rules)
    }
    guard isSynchronized else {
      return verdict(.notApplicable, "the media is not audio with video")
    }
    if let (status, evidence, tracks, rules) = descriptionState() {
      return verdict(status, evidence, tracks: tracks, rules: rules)
    }
    return verdict(
      .unknown,
      (emptyDescriptions.map { "\($0) and there is no described audio" }
        ?? "no description track or described audio")
        + "; a transcript would also meet 1.2.3, and captionkit cannot find one",
      tracks: emptyDescriptionIDs, rules: found(["description.missing"]))
  }

  func audioDescription() -> WCAGVerdict {
    func verdict(
      _ status: WCAGVerdict.Status, _ evidence: String, tracks: [String] = [], rules: [String] = []
    ) -> WCAGVerdict {
      WCAGVerdict(
        criterion: "1.2.5", level: "AA", title: "Audio Description (Prerecorded)",
        status: status, evidence: evidence, tracks: tracks, rules: rules)
    }
    guard isSynchronized else {
      return verdict(.notApplicable, "the media is not audio with video")
    }
    if let (status, evidence, tracks, rules) = descriptionState() {
      return verdict(status, evidence, tracks: tracks, rules: rules)
    }
    return verdict(
      .fail,
      emptyDescriptions.map { "\($0), and no audio stream is marked as described" }
        ?? "no description track and no described audio stream",
      tracks: emptyDescriptionIDs, rules: found(["description.missing"]))
  }

  func extendedDescription() -> WCAGVerdict {
    func verdict(
      _ status: WCAGVerdict.Status, _ evidence: String, tracks: [String] = [], rules: [String] = []
    ) -> WCAGVerdict {
      WCAGVerdict(
        criterion: "1.2.7", level: "AAA", title: "Extended Audio Description (Prerecorded)",
        status: status, evidence: evidence, tracks: tracks, rules: rules)
    }
    guard isSynchronized else {
      return verdict(.notApplicable, "the media is not audio with video")
    }
    guard !descriptionIDs.isEmpty else {
      return verdict(
        .unknown,
        (emptyDescriptions ?? "no description track")
          + ": whether the pauses are long enough for descriptions is unknown",
        tracks: emptyDescriptionIDs)
    }
    let extended = found(["description.needs-extended"], in: descriptionIDs)
    if !extended.isEmpty {
      return verdict(
        .unknown,
        "descriptions in \(list(descriptionIDs)) need extended description (pausing the video); "
          + "whether playback pauses for them is unknown", tracks: descriptionIDs,
        rules: extended)
    }
    return verdict(
      .notApplicable,
      "every description in \(list(descriptionIDs)) fits a pause near it: no extended "
        + "description needed", tracks: descriptionIDs)
  }

  func mediaAlternative() -> WCAGVerdict {
    let status: WCAGVerdict.Status = media.hasVideo ? .unknown : .notApplicable
    return WCAGVerdict(
      criterion: "1.2.8", level: "AAA", title: "Media Alternative (Prerecorded)",
      status: status,
      evidence: media.hasVideo
        ? "needs a full text transcript, which captionkit cannot find"
        : "the media has no video")
  }
}
