internal import CFFmpeg

/// What FFmpeg knows of one stream of an opened file (its `AVStream` and codec parameters),
/// copied into Swift values when it is made (the codec's name and properties are looked up
/// when asked): the probe, the subtitle reader, the muxer and the audio analyser read streams
/// through it, never through FFmpeg's structures.
struct StreamDescription {
  /// The stream's index in the file, as `probe` numbers them.
  var index: Int
  /// What the stream carries; `.unknown` without codec parameters.
  var mediaType: MediaType
  /// The codec, looked up by the properties below only when asked for (FFmpeg logs a
  /// warning when it names a codec it has no descriptor of).
  private let codecID: AVCodecID
  private let library: FFmpegLibrary
  /// The time base of the stream's timestamps.
  var timeBase: FFmpegRational
  /// The average and the base frame rate of a video stream (`avg_frame_rate`,
  /// `r_frame_rate`); 0/0 when unknown.
  var averageFrameRate: FFmpegRational
  var baseFrameRate: FFmpegRational
  /// The picture size; 0 when unknown.
  var width: Int32
  var height: Int32
  /// The sample rate and channel count of audio; 0 when unknown.
  var sampleRate: Int32
  var channelCount: Int32
  /// The first timestamp and the duration, in the time base; nil when FFmpeg does not know.
  var startTime: Int64?
  var duration: Int64?
  /// The codec tag the container gives (an MP4 sample entry's four characters, first in the
  /// lowest byte); 0 when none.
  var codecTag: UInt32
  /// The disposition flags set on the stream.
  var dispositions: [StreamDisposition]
  /// The `language`, `title` and `handler_name` metadata (looked up as FFmpeg does, ignoring
  /// case); nil when absent.
  var language: String?
  var title: String?
  var handlerName: String?
  /// The `DURATION` metadata Matroska muxers write for each track (`00:00:12.023000000`),
  /// whose streams FFmpeg gives no duration of their own; nil when absent.
  var durationTag: String?
  /// Whether the demuxer hides the stream (`AVDISCARD_ALL`), as an MP4's chapter track.
  var isDiscarded: Bool

  /// FFmpeg's name of the codec (`h264`, `mov_text`); `none` when it has none.
  var codecName: String { library.codecName(codecID) }

  /// Whether the stream has a codec at all (`AV_CODEC_ID_NONE` is none).
  var hasCodec: Bool { codecID != AV_CODEC_ID_NONE }

  /// Whether FFmpeg has a decoder for the codec.
  var hasDecoder: Bool { hasCodec && library.findDecoder(codecID) != nil }

  /// Whether the stream is TTML in MP4 samples (`stpp`, ISO/IEC 14496-30), which FFmpeg 5.1
  /// reads as a data stream of no codec.
  var isTTMLSamples: Bool {
    codecTag == UInt32(0x7070_7473)  // "stpp"
  }

  /// Whether the codec is H.264.
  var isH264: Bool { codecID == AV_CODEC_ID_H264 }

  /// Whether FFmpeg's descriptor of the codec marks it as text subtitles.
  var isTextSubtitle: Bool { properties & AV_CODEC_PROP_TEXT_SUB != 0 }

  /// Whether FFmpeg's descriptor of the codec marks it as image subtitles.
  var isBitmapSubtitle: Bool { properties & AV_CODEC_PROP_BITMAP_SUB != 0 }

  private var properties: Int32 { library.codecDescriptor(codecID)?.pointee.props ?? 0 }

  /// The description of `stream`, the stream at `index` of its file.
  init(_ stream: UnsafeMutablePointer<AVStream>, index: Int, library: FFmpegLibrary) {
    let codecParameters = stream.pointee.codecpar
    let parameters = codecParameters.map { $0.pointee } ?? AVCodecParameters()
    let metadata = stream.pointee.metadata
    self.index = index
    self.library = library
    codecID = parameters.codec_id
    mediaType = codecParameters == nil ? .unknown : MediaType(parameters.codec_type)
    timeBase = FFmpegRational(stream.pointee.time_base)
    averageFrameRate = FFmpegRational(stream.pointee.avg_frame_rate)
    baseFrameRate = FFmpegRational(stream.pointee.r_frame_rate)
    width = parameters.width
    height = parameters.height
    sampleRate = parameters.sample_rate
    channelCount = parameters.ch_layout.nb_channels
    startTime = FFmpegLibrary.timestamp(stream.pointee.start_time)
    duration = FFmpegLibrary.timestamp(stream.pointee.duration)
    codecTag = parameters.codec_tag
    dispositions = StreamDisposition.dispositions(in: stream.pointee.disposition)
    language = library.dictionaryValue(metadata, "language")
    title = library.dictionaryValue(metadata, "title")
    handlerName = library.dictionaryValue(metadata, "handler_name")
    durationTag = library.dictionaryValue(metadata, "DURATION")
    isDiscarded = stream.pointee.discard == AVDISCARD_ALL
  }
}
