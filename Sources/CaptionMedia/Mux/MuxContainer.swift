/// A container `MediaMuxer` writes, chosen by the output's extension.
public enum MuxContainer: String, Sendable, Hashable, CaseIterable {
  case mp4
  /// QuickTime: the container of broadcast masters.
  case mov
  case matroska
  case webm

  /// The container for an output path: `.mp4`/`.m4v`, `.mov`, `.mkv`, `.webm`; nil for
  /// another.
  public init?(path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "mp4", "m4v": self = .mp4
    case "mov": self = .mov
    case "mkv": self = .matroska
    case "webm": self = .webm
    default: return nil
    }
  }

  /// FFmpeg's muxer name.
  var formatName: String {
    switch self {
    case .mp4: return "mp4"
    case .mov: return "mov"
    case .matroska: return "matroska"
    case .webm: return "webm"
    }
  }

  /// The name users know: `MP4`, `MOV`, `Matroska`, `WebM`.
  public var displayName: String {
    switch self {
    case .mp4: return "MP4"
    case .mov: return "MOV"
    case .matroska: return "Matroska"
    case .webm: return "WebM"
    }
  }

  /// The codec an added track gets unless another is asked for: `mov_text` in MP4 and MOV,
  /// `subrip` in Matroska (every player reads it, and FFmpeg keeps its `descriptions` flag), `webvtt`
  /// in WebM.
  public var defaultCodec: MuxSubtitleCodec {
    switch self {
    case .mp4, .mov: return .movText
    case .matroska: return .subrip
    case .webm: return .webvtt
    }
  }

  /// The codecs an added track may get: `c608` in MOV only (FFmpeg 5.1's MP4 muxer has no
  /// tag for it).
  public var codecs: [MuxSubtitleCodec] {
    switch self {
    case .mp4: return [.movText]
    case .mov: return [.movText, .c608]
    case .matroska: return [.subrip, .webvtt]
    case .webm: return [.webvtt]
    }
  }

  /// True for the containers whose only text codec is `mov_text` (`c608` is closed-caption
  /// data, not text): text of another codec is converted to it (`container.mp4-text-codec`).
  public var carriesOnlyMovText: Bool { self == .mp4 || self == .mov }

  /// The file extension written: `mp4`, `mov`, `mkv`, `webm`.
  public var fileExtension: String { self == .matroska ? "mkv" : rawValue }

  /// The dispositions of a text track that FFmpeg 5.1's muxer for this container stores with
  /// the given codec (read back from files it wrote).
  public func keeps(_ codec: MuxSubtitleCodec) -> Set<StreamDisposition> {
    switch (self, codec) {
    case (.mp4, _):
      return [.default, .forced, .hearingImpaired, .captions, .descriptions, .visualImpaired]
    // The muxer writes the `kind` boxes that hold the other flags in MP4 mode only.
    case (.mov, _): return [.default]
    case (.matroska, .subrip):
      return [.default, .forced, .hearingImpaired, .visualImpaired, .descriptions]
    case (.matroska, _): return [.default, .forced, .hearingImpaired, .visualImpaired]
    case (.webm, _): return [.default, .forced, .captions, .descriptions]
    }
  }
}
