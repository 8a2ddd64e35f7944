public import CaptionCore

/// A subtitle stream of a media file, as extraction sees it.
public struct SubtitleStream: Sendable, Hashable {
  /// The stream index in the container.
  public var index: Int
  /// FFmpeg's codec name: `mov_text`, `subrip`, `webvtt`, `ass`, `hdmv_pgs_subtitle`, ...
  public var codec: String
  /// The language, converted from the container's ISO 639-2 code; nil when undetermined.
  public var language: LanguageTag?
  public var title: String?
  /// The kind the stream's dispositions give (see `SubtitleStream.kind(dispositions:)`).
  public var kind: TrackKind
  /// The dispositions set on the stream, by FFmpeg's names (`default`, `forced`, ...).
  public var dispositions: [String]
  /// How the stream holds its subtitles.
  public var content: Content

  /// What a subtitle stream holds.
  public enum Content: String, Sendable, Hashable {
    /// Text that captionkit reads into cues (`mov_text`, `subrip`, `webvtt`, `ass`, `ssa`,
    /// `text`).
    case text
    /// Text in a codec captionkit does not read.
    case unsupportedText
    /// Pictures (PGS, VobSub, DVB): their text cannot be read or checked.
    case image
  }

  public init(
    index: Int, codec: String, language: LanguageTag? = nil, title: String? = nil,
    kind: TrackKind = .subtitles, dispositions: [String] = [], content: Content
  ) {
    self.index = index
    self.codec = codec
    self.language = language
    self.title = title
    self.kind = kind
    self.dispositions = dispositions
    self.content = content
  }

  /// The kind of track dispositions stand for: `descriptions` for descriptions,
  /// `hearing_impaired` for SDH, `captions` for captions, `forced` for forced subtitles,
  /// else subtitles.
  public static func kind(dispositions: [String]) -> TrackKind {
    if dispositions.contains("descriptions") { return .descriptions }
    if dispositions.contains("hearing_impaired") { return .sdh }
    if dispositions.contains("captions") { return .captions }
    if dispositions.contains("forced") { return .forced }
    return .subtitles
  }
}
