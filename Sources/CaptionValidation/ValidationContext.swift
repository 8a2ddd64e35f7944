public import CaptionCore

/// Everything one validation looks at: the tracks, what is known about the media they
/// belong to (nil for caption files alone), the audio activity when it was analysed, and
/// the profile in force.
public struct ValidationContext: Sendable {
  public var tracks: [Track]
  public var media: MediaFacts?
  public var audio: AudioActivity?
  public var profile: ValidationProfile
  /// The language translations are compared with (`--source-locale`); when nil, the
  /// captions' language, else `en`.
  public var sourceLocale: LanguageTag?

  public init(
    tracks: [Track], media: MediaFacts? = nil, audio: AudioActivity? = nil,
    profile: ValidationProfile = .standard, sourceLocale: LanguageTag? = nil
  ) {
    self.tracks = tracks
    self.media = media
    self.audio = audio
    self.profile = profile
    self.sourceLocale = sourceLocale
  }

  /// What this context can give rules.
  public var available: RuleNeeds {
    var needs: RuleNeeds = [.track, .cueText]
    if media != nil { needs.insert(.media) }
    if audio != nil { needs.insert(.audio) }
    if tracks.count > 1 { needs.insert(.relatedTracks) }
    return needs
  }
}

/// What rules need to know about the media a track belongs to.
public struct MediaFacts: Sendable, Hashable {
  public var duration: MediaTime?
  /// Frames per second of the video, when known.
  public var frameRate: Double?
  public var hasAudio: Bool
  public var hasVideo: Bool
  /// The media file, as given.
  public var path: String?
  /// The container's audio and subtitle streams, in index order.
  public var streams: [MediaStreamFacts]
  /// Where the media's data is first damaged or ends early (`container.damaged`), on the
  /// presentation timeline; zero when the damage has no time; nil when it is whole.
  public var damagedFrom: MediaTime?

  public init(
    duration: MediaTime? = nil, frameRate: Double? = nil, hasAudio: Bool = false,
    hasVideo: Bool = false, path: String? = nil, streams: [MediaStreamFacts] = []
  ) {
    self.duration = duration
    self.frameRate = frameRate
    self.hasAudio = hasAudio
    self.hasVideo = hasVideo
    self.path = path
    self.streams = streams
  }

  /// True when an audio stream is marked as audio description (`visual_impaired` or
  /// `descriptions`).
  public var hasDescribedAudio: Bool {
    streams.contains { $0.type == .audio && $0.isDescription }
  }
}

extension ValidationProfile {
  /// The `web` profile of the compiled-in defaults.
  public static let standard: ValidationProfile =
    Configuration.defaults.profile(named: Configuration.defaultProfileName)
    ?? ValidationProfile(
      name: Configuration.defaultProfileName, rules: Configuration.defaults.rules,
      baseLocales: Configuration.defaults.locales, profileLocales: [:], media: .standard,
      requiredLocales: [])
}
