internal import CFFmpeg

/// What a stream carries (`AVMediaType`), as the rest of the module tells streams apart.
enum MediaType: Sendable, Equatable {
  /// A type FFmpeg does not know, or a stream without codec parameters.
  case unknown
  case video
  case audio
  /// Timed data that is neither audio, video nor subtitles, such as timecodes.
  case data
  case subtitle
  /// A file stored in the container, such as a font.
  case attachment

  init(_ type: AVMediaType) {
    switch type {
    case AVMEDIA_TYPE_VIDEO: self = .video
    case AVMEDIA_TYPE_AUDIO: self = .audio
    case AVMEDIA_TYPE_DATA: self = .data
    case AVMEDIA_TYPE_SUBTITLE: self = .subtitle
    case AVMEDIA_TYPE_ATTACHMENT: self = .attachment
    default: self = .unknown
    }
  }

  var avMediaType: AVMediaType {
    switch self {
    case .unknown: return AVMEDIA_TYPE_UNKNOWN
    case .video: return AVMEDIA_TYPE_VIDEO
    case .audio: return AVMEDIA_TYPE_AUDIO
    case .data: return AVMEDIA_TYPE_DATA
    case .subtitle: return AVMEDIA_TYPE_SUBTITLE
    case .attachment: return AVMEDIA_TYPE_ATTACHMENT
    }
  }
}
