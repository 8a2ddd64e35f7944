public import CaptionCore

/// What rules need to know about one stream of a media container.
public struct MediaStreamFacts: Sendable, Hashable {
  /// The kind of stream.
  public enum StreamType: String, Sendable, Hashable {
    case video
    case audio
    case subtitle
    case other
  }

  /// The stream's index in the container.
  public var index: Int
  public var type: StreamType
  /// FFmpeg's codec name.
  public var codec: String?
  /// The language, when the container names one other than `und`.
  public var language: LanguageTag?
  /// The container's language code as written (ISO 639-2, `und`), when there is one.
  public var languageCode: String?
  public var title: String?
  /// FFmpeg's disposition names (`default`, `forced`, `hearing_impaired`, ...).
  public var dispositions: Set<String>

  public init(
    index: Int, type: StreamType, codec: String? = nil, language: LanguageTag? = nil,
    languageCode: String? = nil, title: String? = nil, dispositions: Set<String> = []
  ) {
    self.index = index
    self.type = type
    self.codec = codec
    self.language = language
    self.languageCode = languageCode
    self.title = title
    self.dispositions = dispositions
  }

  /// True when marked as audio description or description text.
  public var isDescription: Bool {
    dispositions.contains("visual_impaired") || dispositions.contains("descriptions")
  }
}
