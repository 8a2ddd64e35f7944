public import CaptionCore

/// A text track to add to a media file: its cues, codec, language and flags.
public struct MuxSubtitleTrack: Sendable, Hashable {
  public var codec: MuxSubtitleCodec
  /// The language, stored as the container's ISO 639-2 code; nil stores `und`.
  public var language: LanguageTag?
  /// The kind, which gives the dispositions (see `dispositions(for:)`).
  public var kind: TrackKind?
  /// Whether players should show this track by default (the `default` flag; the flag is
  /// cleared on every other subtitle stream).
  public var isDefault: Bool
  /// The stream's title, when given.
  public var title: String?
  /// The file the cues were read from, for messages.
  public var source: String?
  public var cues: [MuxCue]

  public init(
    codec: MuxSubtitleCodec, language: LanguageTag? = nil, kind: TrackKind? = nil,
    isDefault: Bool = false, title: String? = nil, source: String? = nil, cues: [MuxCue]
  ) {
    self.codec = codec
    self.language = language
    self.kind = kind
    self.isDefault = isDefault
    self.title = title
    self.source = source
    self.cues = cues
  }

  /// The dispositions a kind stands for: `captions` and `hearing_impaired` for captions and
  /// SDH, `descriptions` for descriptions, `forced` for forced subtitles, none otherwise.
  public static func dispositions(for kind: TrackKind?) -> [StreamDisposition] {
    switch kind {
    case .captions, .sdh: return [.hearingImpaired, .captions]
    case .descriptions: return [.descriptions]
    case .forced: return [.forced]
    default: return []
    }
  }

  /// The dispositions asked for: the kind's, and `default` when `isDefault`.
  public var dispositions: [StreamDisposition] {
    (isDefault ? [.default] : []) + Self.dispositions(for: kind)
  }
}
