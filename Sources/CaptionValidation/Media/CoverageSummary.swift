public import CaptionCore

/// How much of a media the captions cover, for the report's `coverage` object.
public struct CoverageSummary: Sendable, Hashable {
  public var mediaDuration: MediaTime?
  /// The time at least one cue of the dialogue track is shown, within the media.
  public var captionedDuration: MediaTime
  /// The detected speech; nil without audio analysis.
  public var speechDuration: MediaTime?
  /// The stretches of speech no cue covers (as `coverage.uncaptioned-speech` finds them);
  /// nil without audio analysis.
  public var uncaptionedSpeech: [TimeRange]?
  /// The shortest stretch of uncaptioned speech counted in `uncaptionedSpeech` (the
  /// `coverage.uncaptioned-speech` limit): shorter ones are left out.
  public var uncaptionedMinimum = MediaTime(milliseconds: 2000)
  /// The estimated offset of the captions against the speech; nil without audio analysis
  /// or when it cannot be estimated.
  public var estimatedOffset: SyncOffset?
  /// The index in the context's tracks of the track compared with the audio (the dialogue
  /// track), when there is one.
  public var track: Int?

  public init(
    mediaDuration: MediaTime?, captionedDuration: MediaTime, speechDuration: MediaTime?,
    uncaptionedSpeech: [TimeRange]?, estimatedOffset: SyncOffset?, track: Int?
  ) {
    self.mediaDuration = mediaDuration
    self.captionedDuration = captionedDuration
    self.speechDuration = speechDuration
    self.uncaptionedSpeech = uncaptionedSpeech
    self.estimatedOffset = estimatedOffset
    self.track = track
  }

  /// The coverage of the context's dialogue track (captions in the source locale).
  public init(_ context: ValidationContext) {
    let inputs = context.tracks.map { Validator.input(for: $0, context: context) }
    let media = MediaTracks(inputs)
    let dialogue = media.dialogue(source: media.sourceLocale(given: context.sourceLocale))
    let end = context.media?.duration?.milliseconds
    var cues = Timeline(cues: dialogue?.track.cues ?? [])
    if let end { cues = cues.subtracting(Timeline([(end, Int64.max)])) }
    self.mediaDuration = context.media?.duration
    self.captionedDuration = MediaTime(milliseconds: cues.duration)
    self.track = dialogue.flatMap { input in inputs.firstIndex { $0.track == input.track } }
    uncaptionedMinimum = MediaTime(
      milliseconds: Int64(context.profile.media.uncaptionedSpeechMilliseconds))
    if let audio = context.audio {
      speechDuration = audio.activeDuration
      uncaptionedSpeech = UncaptionedSpeechRule.uncaptioned(
        audio, dialogue: dialogue, limits: context.profile.media
      ).map {
        TimeRange(start: MediaTime(milliseconds: $0.start), end: MediaTime(milliseconds: $0.end))
      }
      estimatedOffset = dialogue.flatMap { SyncOffset.estimate(cues: $0.track.cues, speech: audio) }
    } else {
      speechDuration = nil
      uncaptionedSpeech = nil
      estimatedOffset = nil
    }
  }
}
