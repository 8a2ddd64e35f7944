import CaptionCore

/// Reads the text subtitle streams embedded in a media file into tracks.
///
/// Only the subtitle streams asked for are demuxed (every other stream is discarded, and
/// packets that still arrive from them are skipped), and video and audio are never decoded:
/// FFmpeg may open only the text subtitle decoders for the file, so while it reads the stream
/// information it reads the first packets (up to its probe size and analysis duration)
/// without decoding them. Each text packet goes through FFmpeg's decoder for its codec
/// (`mov_text`, `subrip`, `webvtt`, `ass`, `ssa`, `text`), whose ASS event is turned into cue
/// text (`ASSEventText`); WebVTT cues keep their identifier, and with a `WebVTTCueReader`
/// their text as written and their settings, without a decoder. Cue times are the packets'
/// timestamps in the stream's time base, relative to the presentation start (the container's
/// start time, the same as `MediaProbe` gives: `PresentationStart`), so they are exact.
public enum MediaSubtitles {
  /// The rule of the remark about image subtitles.
  public static let imageSubtitlesRule = "container.image-subtitles"
  /// The rule of problems reading a text subtitle stream (`container.subtitle-stream`).
  public static let subtitleStreamRule = "container.subtitle-stream"

  /// Codecs whose decoder gives ASS events captionkit reads.
  static let textCodecs: Set<String> = [
    "mov_text", "subrip", "srt", "webvtt", "ass", "ssa", "text",
  ]

  /// Reads the text subtitle streams of the media file at `path`: those whose indices are
  /// in `streams`, or all of them when nil. `webVTT` reads the settings and text of WebVTT
  /// cues (CaptionKit's `EmbeddedWebVTT.reader`); without it they go through FFmpeg's
  /// decoder, which keeps italics, bold and underline and drops settings, voices and classes.
  /// `ttml` reads TTML in MP4 samples (`stpp`, CaptionKit's `EmbeddedTTML.reader`); without
  /// it such a stream is described, with a warning, and not read.
  /// Throws `FFmpegUnavailable` when FFmpeg cannot be loaded and `FFmpegError` when the file
  /// cannot be opened or read.
  public static func read(
    path: String, streams: Set<Int>? = nil, webVTT: WebVTTCueReader? = nil,
    ttml: TTMLSampleReader? = nil
  ) throws -> EmbeddedSubtitles {
    let library = try FFmpegLibrary.shared()
    let context = try open(path, library: library)
    var pass = SubtitlePass(context: context, streams: streams, ttml: ttml)
    // Every other stream is discarded before reading.
    context.discardStreams(except: pass.streamIndices)
    let origin = try PresentationStart.microseconds(of: context).map {
      MediaTime(value: $0, timescale: FFmpegRational.microsecond.denominator)
    }
    pass.start(origin: origin, webVTT: webVTT)
    let packet = try Packet(library: library)
    while try context.read(into: packet) {
      pass.read(packet)
    }
    return pass.finish(log: context.takeLog())
  }

  /// Opens the media file at `path` and reads its stream information as `MediaProbe` does
  /// (so that the start time and duration are the same), with FFmpeg allowed to open only the
  /// decoders of `textCodecs`: the packets it reads of other streams are not decoded.
  static func open(_ path: String, library: FFmpegLibrary) throws(FFmpegError) -> FormatContext {
    let context = try FormatContext(
      openingInput: path, library: library, decoders: textCodecs.sorted())
    try context.findStreamInfo()
    return context
  }

  /// The codec name given to TTML in MP4 samples (`stpp`), which FFmpeg does not name.
  public static let ttmlSamplesCodec = "ttml"

  /// How `stream` appears in `EmbeddedSubtitles.streams`; TTML in MP4 samples is text when
  /// `readsTTML`.
  static func describe(_ stream: StreamDescription, readsTTML: Bool = false) -> SubtitleStream {
    let codec = stream.isTTMLSamples ? ttmlSamplesCodec : stream.codecName
    let content: SubtitleStream.Content
    if stream.isTTMLSamples {
      content = readsTTML ? .text : .unsupportedText
    } else if textCodecs.contains(codec) {
      content = .text
    } else if stream.isBitmapSubtitle {
      content = .image
    } else {
      content = .unsupportedText
    }
    let disposition = stream.dispositions
    return SubtitleStream(
      index: stream.index, codec: codec,
      language: stream.language.flatMap(ISO639.languageTag(for:)), title: stream.title,
      kind: SubtitleStream.kind(disposition: disposition), disposition: disposition,
      content: content)
  }
}
