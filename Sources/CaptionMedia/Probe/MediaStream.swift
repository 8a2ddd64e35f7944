public import CaptionCore

/// One stream of a media file as the container describes it.
public struct MediaStream: Sendable, Hashable {
  /// What a stream carries.
  public enum Kind: String, Sendable, Hashable {
    case video
    case audio
    case subtitle
    case data
    case attachment
  }

  /// The stream's index in the file, as FFmpeg and ffprobe number it.
  public var index: Int
  public var kind: Kind
  /// FFmpeg's codec name (`h264`, `aac`, `mov_text`); nil when FFmpeg does not know it.
  public var codec: String?
  /// The language as BCP 47, converted from the container's code; nil when undetermined.
  public var language: LanguageTag?
  /// The container's language code as stored (`fre`, `eng`, `und`), nil when absent.
  public var languageCode: String?
  /// The `title` metadata, nil when absent.
  public var title: String?
  /// The disposition flags set, in FFmpeg's order.
  public var disposition: [StreamDisposition]
  /// The unit of the stream's timestamps.
  public var timeBase: Rational
  /// Video: the average frame rate, else the base frame rate; nil when unknown or not video.
  public var frameRate: Rational?
  /// Video: picture size in pixels; nil when unknown or not video.
  public var width: Int?
  public var height: Int?
  /// Audio: samples per second; nil when unknown or not audio.
  public var sampleRate: Int?
  /// Audio: the channel count; nil when unknown or not audio.
  public var channels: Int?
  /// The first timestamp, exact in the stream's time base; nil when unknown.
  public var startTime: MediaTime?
  /// The duration, exact in the stream's time base; nil when unknown.
  public var duration: MediaTime?
  /// Whether the stream is text subtitles (as opposed to bitmaps such as PGS or DVB).
  public var isTextBased: Bool
  /// Video: whether FFmpeg saw closed captions (A/53 `cc_data`) in the first pictures it
  /// read to find the stream's details, as ffprobe's `Closed Captions`. False says only that
  /// none were seen there; `MediaFile.read(closedCaptions: true)` reads them all.
  public var hasClosedCaptions: Bool

  public init(
    index: Int, kind: Kind, codec: String?, language: LanguageTag?, languageCode: String?,
    title: String?, disposition: [StreamDisposition], timeBase: Rational, frameRate: Rational?,
    width: Int?, height: Int?, sampleRate: Int?, channels: Int?, startTime: MediaTime?,
    duration: MediaTime?, isTextBased: Bool, hasClosedCaptions: Bool = false
  ) {
    self.index = index
    self.kind = kind
    self.codec = codec
    self.language = language
    self.languageCode = languageCode
    self.title = title
    self.disposition = disposition
    self.timeBase = timeBase
    self.frameRate = frameRate
    self.width = width
    self.height = height
    self.sampleRate = sampleRate
    self.channels = channels
    self.startTime = startTime
    self.duration = duration
    self.isTextBased = isTextBased
    self.hasClosedCaptions = hasClosedCaptions
  }

  /// Whether the disposition includes `flag`.
  public func has(_ flag: StreamDisposition) -> Bool { disposition.contains(flag) }
}
