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
  /// The kind the stream's dispositions give (see `SubtitleStream.kind(disposition:)`).
  public var kind: TrackKind
  /// The disposition flags set on the stream, in FFmpeg's order.
  public var disposition: [StreamDisposition]
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
    kind: TrackKind = .subtitles, disposition: [StreamDisposition] = [], content: Content
  ) {
    self.index = index
    self.codec = codec
    self.language = language
    self.title = title
    self.kind = kind
    self.disposition = disposition
    self.content = content
  }

  /// The kind of track dispositions stand for: `descriptions` for descriptions,
  /// `hearing_impaired` for SDH, `captions` for captions, `forced` for forced subtitles,
  /// else subtitles.
  public static func kind(disposition: [StreamDisposition]) -> TrackKind {
    if disposition.contains(.descriptions) { return .descriptions }
    if disposition.contains(.hearingImpaired) { return .sdh }
    if disposition.contains(.captions) { return .captions }
    if disposition.contains(.forced) { return .forced }
    return .subtitles
  }
}
