/// A track a transcript was made from, and what it was used as.
public struct TranscriptTrack: Sendable, Hashable {
  /// What a track contributes to a transcript.
  public enum Role: String, Sendable, Hashable, CaseIterable {
    /// Dialogue and sounds: captions, SDH or subtitles.
    case captions
    /// Audio descriptions: what is shown.
    case descriptions
    /// Chapter titles.
    case chapters
  }

  public var role: Role
  /// The file the track was read from, as given; nil for a track from elsewhere.
  public var path: String?
  public var language: LanguageTag?

  public init(role: Role, path: String? = nil, language: LanguageTag? = nil) {
    self.role = role
    self.path = path
    self.language = language
  }
}
