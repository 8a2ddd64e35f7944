public import CaptionCore

/// When people speak, as the description rules see it: the cues of the dialogue track that
/// hold speech, and the detected speech when the audio was analysed.
public struct Dialogue: Sendable {
  /// The cues holding speech.
  public var cues: Timeline
  /// The detected speech; empty without audio analysis.
  public var speech: Timeline
  /// The track the cues come from.
  public var track: TrackInput?

  public init(context: ValidationContext, tracks: [TrackInput]) {
    let media = MediaTracks(tracks)
    let track = media.dialogue(source: media.sourceLocale(given: context.sourceLocale))
    self.track = track
    self.cues = Timeline(cues: (track?.track.cues ?? []).filter(MediaTracks.isSpeech))
    self.speech = context.audio.map { Timeline(activity: $0) } ?? Timeline([])
  }

  /// Both together.
  public var all: Timeline { Timeline(cues.ranges + speech.ranges) }

  /// One frame in milliseconds at the context's frame rate.
  public static func frame(_ context: ValidationContext) -> Double {
    1000 / (context.media?.frameRate ?? context.profile.media.assumedFrameRate)
  }

  /// The estimated speaking time of a description in milliseconds: words at the locale's
  /// rate, or for ko/ja/zh (counted per character) characters at that rate.
  public static func speakingTime(_ text: String, limits: LocaleLimits) -> Int64 {
    let rate = Double(max(1, limits.descriptionWordsPerMinute))
    var units = 0
    if limits.counting == .cjk {
      for character in text where character.isLetter || character.isNumber { units += 1 }
    } else {
      units =
        text.split { $0.isWhitespace }.filter { $0.contains { $0.isLetter || $0.isNumber } }
        .count
    }
    return Int64((Double(units) / rate * 60_000).rounded())
  }
}
