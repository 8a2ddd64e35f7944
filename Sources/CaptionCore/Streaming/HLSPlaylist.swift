/// An HLS playlist as written (RFC 8216): a multivariant playlist, which lists renditions and
/// variant streams, or a media playlist, which lists segments. Every item keeps the 1-based
/// line it was read from, so findings can point at it.
public enum HLSPlaylist: Sendable, Hashable {
  case multivariant(HLSMultivariantPlaylist)
  case media(HLSMediaPlaylist)
}

/// A multivariant playlist (RFC 8216 section 4.3.4): renditions (`EXT-X-MEDIA`) and variant
/// streams (`EXT-X-STREAM-INF`).
public struct HLSMultivariantPlaylist: Sendable, Hashable {
  /// `EXT-X-VERSION`, when given.
  public var version: Int?
  public var renditions: [HLSRendition]
  public var variants: [HLSVariant]
  /// `EXT-X-INDEPENDENT-SEGMENTS` is present.
  public var independentSegments: Bool

  public init(
    version: Int? = nil, renditions: [HLSRendition] = [], variants: [HLSVariant] = [],
    independentSegments: Bool = false
  ) {
    self.version = version
    self.renditions = renditions
    self.variants = variants
    self.independentSegments = independentSegments
  }
}

/// One `EXT-X-MEDIA` tag: an alternative rendition of a group (audio, video, subtitles or
/// closed captions).
public struct HLSRendition: Sendable, Hashable {
  /// `TYPE`: `AUDIO`, `VIDEO`, `SUBTITLES` or `CLOSED-CAPTIONS` (as written).
  public var type: String
  /// `GROUP-ID`.
  public var groupID: String
  /// `NAME`.
  public var name: String
  /// `LANGUAGE`, as written.
  public var language: String?
  /// `ASSOC-LANGUAGE`, as written.
  public var associatedLanguage: String?
  /// `DEFAULT=YES`.
  public var isDefault: Bool
  /// `AUTOSELECT=YES`.
  public var autoselect: Bool
  /// `FORCED=YES`.
  public var forced: Bool
  /// `INSTREAM-ID` (closed captions: `CC1`-`CC4`, `SERVICE1`-`SERVICE63`).
  public var instreamID: String?
  /// `CHARACTERISTICS`, split at commas.
  public var characteristics: [String]
  /// `URI`, as written (relative to the playlist).
  public var uri: String?
  /// Every attribute as written.
  public var attributes: HLSAttributeList
  /// The 1-based line of the tag.
  public var line: Int

  public init(
    type: String, groupID: String, name: String, language: String? = nil,
    associatedLanguage: String? = nil, isDefault: Bool = false, autoselect: Bool = false,
    forced: Bool = false, instreamID: String? = nil, characteristics: [String] = [],
    uri: String? = nil, attributes: HLSAttributeList = HLSAttributeList(), line: Int
  ) {
    self.type = type
    self.groupID = groupID
    self.name = name
    self.language = language
    self.associatedLanguage = associatedLanguage
    self.isDefault = isDefault
    self.autoselect = autoselect
    self.forced = forced
    self.instreamID = instreamID
    self.characteristics = characteristics
    self.uri = uri
    self.attributes = attributes
    self.line = line
  }
}

/// One `EXT-X-STREAM-INF` tag and the URI line after it: a variant stream.
public struct HLSVariant: Sendable, Hashable {
  /// `BANDWIDTH`, bits per second.
  public var bandwidth: Int?
  /// `CODECS`.
  public var codecs: String?
  /// `RESOLUTION`.
  public var resolution: String?
  /// `AUDIO`, `VIDEO` and `SUBTITLES`: the rendition groups the variant uses.
  public var audio: String?
  public var video: String?
  public var subtitles: String?
  /// `CLOSED-CAPTIONS`: a group, or `NONE` (nil when absent).
  public var closedCaptions: ClosedCaptions?
  /// The URI of the variant's media playlist.
  public var uri: String
  public var attributes: HLSAttributeList
  /// The 1-based lines of the tag and of its URI.
  public var line: Int
  public var uriLine: Int

  public enum ClosedCaptions: Sendable, Hashable {
    case group(String)
    /// `CLOSED-CAPTIONS=NONE`: the variant carries no closed captions.
    case none
  }

  public init(
    bandwidth: Int? = nil, codecs: String? = nil, resolution: String? = nil,
    audio: String? = nil, video: String? = nil, subtitles: String? = nil,
    closedCaptions: ClosedCaptions? = nil, uri: String,
    attributes: HLSAttributeList = HLSAttributeList(), line: Int, uriLine: Int
  ) {
    self.bandwidth = bandwidth
    self.codecs = codecs
    self.resolution = resolution
    self.audio = audio
    self.video = video
    self.subtitles = subtitles
    self.closedCaptions = closedCaptions
    self.uri = uri
    self.attributes = attributes
    self.line = line
    self.uriLine = uriLine
  }
}

/// A media playlist (RFC 8216 section 4.3.3): the segments of one rendition or variant.
public struct HLSMediaPlaylist: Sendable, Hashable {
  public var version: Int?
  /// `EXT-X-TARGETDURATION`, whole seconds.
  public var targetDuration: Int?
  /// The line of `EXT-X-TARGETDURATION`.
  public var targetDurationLine: Int?
  /// `EXT-X-MEDIA-SEQUENCE` (0 when absent).
  public var mediaSequence: Int
  /// `EXT-X-PLAYLIST-TYPE`: `VOD` or `EVENT`.
  public var playlistType: String?
  /// `EXT-X-ENDLIST` is present.
  public var hasEndList: Bool
  /// `EXT-X-MAP`'s URI (fragmented MP4 initialisation section), when given.
  public var mapURI: String?
  public var segments: [HLSSegment]

  public init(
    version: Int? = nil, targetDuration: Int? = nil, targetDurationLine: Int? = nil,
    mediaSequence: Int = 0, playlistType: String? = nil, hasEndList: Bool = false,
    mapURI: String? = nil, segments: [HLSSegment] = []
  ) {
    self.version = version
    self.targetDuration = targetDuration
    self.targetDurationLine = targetDurationLine
    self.mediaSequence = mediaSequence
    self.playlistType = playlistType
    self.hasEndList = hasEndList
    self.mapURI = mapURI
    self.segments = segments
  }

  /// The time each segment starts at on the playlist's timeline (the sum of the durations
  /// before it), from 0.
  public var segmentStarts: [MediaTime] {
    var starts: [MediaTime] = []
    starts.reserveCapacity(segments.count)
    var total = MediaTime(value: 0, timescale: HLSSegment.timescale)
    for segment in segments {
      starts.append(total)
      total = total + segment.duration
    }
    return starts
  }
}

/// One media segment: its `EXTINF` duration and title, and its URI.
public struct HLSSegment: Sendable, Hashable {
  /// The timescale segment durations are kept in: microseconds.
  public static let timescale: Int32 = 1_000_000

  /// The `EXTINF` duration, exact to the microsecond.
  public var duration: MediaTime
  public var title: String
  public var uri: String
  /// `EXT-X-DISCONTINUITY` comes before the segment.
  public var discontinuity: Bool
  /// The 1-based lines of the `EXTINF` tag and of the URI.
  public var line: Int
  public var uriLine: Int

  public init(
    duration: MediaTime, title: String = "", uri: String, discontinuity: Bool = false,
    line: Int, uriLine: Int
  ) {
    self.duration = duration
    self.title = title
    self.uri = uri
    self.discontinuity = discontinuity
    self.line = line
    self.uriLine = uriLine
  }
}
