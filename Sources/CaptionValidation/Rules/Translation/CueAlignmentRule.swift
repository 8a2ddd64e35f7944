public import CaptionCore

/// `translation.cue-alignment`: a cue of the source with no cue of a translation at the
/// same time, or a cue of a translation with none of the source; each one reported.
public struct CueAlignmentRule: ContextRule {
  public var id: String { "translation.cue-alignment" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String {
    "a source cue with no translated cue at its time, or the reverse"
  }
  public var needs: RuleNeeds { [.track, .relatedTracks] }

  public init() {}

  public func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings) {
    let media = MediaTracks(tracks)
    let sourceLocale = media.sourceLocale(given: context.sourceLocale)
    guard let source = media.dialogue(source: sourceLocale) else { return }
    for translation in Self.translations(of: source, in: media) {
      report(source, against: translation, findings: &findings)
      report(translation, against: source, findings: &findings)
    }
  }

  /// The subtitle or caption tracks in another language than the source; not those without
  /// a cue, which `coverage.empty-track` reports once rather than each cue as missing.
  static func translations(of source: TrackInput, in media: MediaTracks) -> [TrackInput] {
    media.displayed.filter { track in
      guard track.kind != .forced, !track.track.cues.isEmpty, let language = track.language,
        let sourceLanguage = source.language
      else { return false }
      return !MediaTracks.sameLanguage(language, sourceLanguage)
    }
  }

  /// Each cue of `track` that holds speech and overlaps no cue of `other`.
  private func report(_ track: TrackInput, against other: TrackInput, findings: inout Findings) {
    let times = Timeline(cues: other.track.cues)
    let otherName = other.language.map { "the \($0) track" } ?? "the other track"
    for (offset, cue) in track.track.cues.enumerated() {
      let start = cue.start.milliseconds
      let end = cue.end.milliseconds
      guard end > start, MediaTracks.isSpeech(cue), times.overlap(start: start, end: end) == 0
      else { continue }
      findings.add(
        "cue \(offset + 1) (\(cue.start) to \(cue.end)) has no cue at the same time in "
          + otherName,
        in: track, cue: offset + 1,
        hint: "add the missing cue, or align the two tracks' timings")
    }
  }
}
