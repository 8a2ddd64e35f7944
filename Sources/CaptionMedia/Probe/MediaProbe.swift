internal import CFFmpeg
import CaptionCore

/// Reads what a media file holds: the container's header plus the few packets FFmpeg needs
/// to fill in codec details (bounded by FFmpeg's probe size), of which it decodes the first
/// frames, as ffprobe does (`MediaSubtitles` reads the same start time without decoding).
public enum MediaProbe {
  /// The default limit on the time spent reading one file, in seconds.
  public static let defaultTimeLimit: Double = 30

  /// Probes the media file at `path`.
  ///
  /// Throws `FFmpegUnavailable` when FFmpeg's libraries cannot be loaded, and `FFmpegError`
  /// when the file is missing (`kind == .inputMissing`), is not media or is damaged beyond
  /// reading (`.invalidData`), or takes longer than `timeLimit` seconds (`.interrupted`).
  public static func probe(_ path: String, timeLimit: Double? = defaultTimeLimit) throws
    -> MediaInfo
  {
    let library = try FFmpegLibrary.shared()
    let input = try FormatContext(openingInput: path, library: library, timeLimit: timeLimit)
    try input.findStreamInfo()
    let context = input.pointer.pointee
    let streams = (0..<input.streamCount).compactMap { index in
      input.stream(index).map { stream(index: index, $0.pointee, library: library) }
    }
    let format = context.iformat.flatMap { $0.pointee.name }.map { String(cString: $0) } ?? ""
    guard streams.contains(where: isReadable) else {
      let guessed = format.isEmpty ? "" : " (FFmpeg guessed \(format.split(separator: ",")[0]))"
      throw FFmpegError(
        code: FFmpegLibrary.Code.invalidData,
        message: "no audio, video or subtitle stream could be read\(guessed)",
        operation: "read", path: path)
    }
    let chapters = (0..<input.chapterCount).compactMap { index in
      input.chapter(index).flatMap { chapter($0.pointee, library: library) }
    }
    return MediaInfo(
      path: path, format: format,
      duration: time(context.duration, FFmpegLibrary.timeBaseQ),
      startTime: time(context.start_time, FFmpegLibrary.timeBaseQ),
      bitRate: context.bit_rate > 0 ? Int(context.bit_rate) : nil,
      title: library.dictionaryValue(context.metadata, "title"), streams: streams,
      chapters: chapters)
  }

  /// Whether FFmpeg found enough of the stream to use it: a picture size, a sample rate, a
  /// known subtitle codec.
  private static func isReadable(_ stream: MediaStream) -> Bool {
    switch stream.kind {
    case .video: return (stream.width ?? 0) > 0
    case .audio: return (stream.sampleRate ?? 0) > 0
    case .subtitle: return stream.codec != nil
    case .data, .attachment: return false
    }
  }

  private static func stream(index: Int, _ stream: AVStream, library: FFmpegLibrary)
    -> MediaStream
  {
    let parameters = stream.codecpar.map { $0.pointee } ?? AVCodecParameters()
    let kind: MediaStream.Kind
    switch parameters.codec_type {
    case AVMEDIA_TYPE_VIDEO: kind = .video
    case AVMEDIA_TYPE_AUDIO: kind = .audio
    case AVMEDIA_TYPE_SUBTITLE: kind = .subtitle
    case AVMEDIA_TYPE_ATTACHMENT: kind = .attachment
    default: kind = .data
    }
    let codecID = parameters.codec_id
    let codec = codecID == AV_CODEC_ID_NONE ? nil : library.codecName(codecID)
    let languageCode = library.dictionaryValue(stream.metadata, "language")
    var isTextBased = false
    if kind == .subtitle, let descriptor = library.codecDescriptor(codecID) {
      isTextBased = descriptor.pointee.props & AV_CODEC_PROP_TEXT_SUB != 0
    }
    var frameRate: Rational?
    if kind == .video {
      frameRate = rational(stream.avg_frame_rate) ?? rational(stream.r_frame_rate)
    }
    let timeBase = stream.time_base
    return MediaStream(
      index: index, kind: kind, codec: codec,
      language: languageCode.flatMap(ISO639.languageTag(for:)), languageCode: languageCode,
      title: title(stream.metadata, library: library),
      disposition: dispositions(stream.disposition),
      timeBase: Rational(Int(timeBase.num), Int(timeBase.den)), frameRate: frameRate,
      width: kind == .video && parameters.width > 0 ? Int(parameters.width) : nil,
      height: kind == .video && parameters.height > 0 ? Int(parameters.height) : nil,
      sampleRate: kind == .audio && parameters.sample_rate > 0
        ? Int(parameters.sample_rate) : nil,
      channels: kind == .audio && parameters.ch_layout.nb_channels > 0
        ? Int(parameters.ch_layout.nb_channels) : nil,
      startTime: time(stream.start_time, timeBase), duration: time(stream.duration, timeBase),
      isTextBased: isTextBased)
  }

  /// The `title` metadata; for MP4 and QuickTime, which keep a track's name in its handler,
  /// the `handler_name` unless it is a muxer's generic one (`SoundHandler`).
  private static func title(_ metadata: OpaquePointer?, library: FFmpegLibrary) -> String? {
    if let title = library.dictionaryValue(metadata, "title") { return title }
    guard let handler = library.dictionaryValue(metadata, "handler_name") else { return nil }
    let generic =
      handler.isEmpty || handler.hasSuffix("Handler") || handler.hasPrefix("Core Media")
      || handler.hasSuffix("Media Handler") || handler.hasPrefix("ISO Media file produced by")
    return generic ? nil : handler
  }

  private static func chapter(_ chapter: AVChapter, library: FFmpegLibrary) -> MediaChapter? {
    guard let start = time(chapter.start, chapter.time_base),
      let end = time(chapter.end, chapter.time_base)
    else { return nil }
    return MediaChapter(
      start: start, end: end, title: library.dictionaryValue(chapter.metadata, "title"))
  }

  /// FFmpeg's flag for each disposition name.
  private static let dispositionFlags: [(StreamDisposition, Int32)] = [
    (.default, AV_DISPOSITION_DEFAULT), (.dub, AV_DISPOSITION_DUB),
    (.original, AV_DISPOSITION_ORIGINAL), (.comment, AV_DISPOSITION_COMMENT),
    (.lyrics, AV_DISPOSITION_LYRICS), (.karaoke, AV_DISPOSITION_KARAOKE),
    (.forced, AV_DISPOSITION_FORCED), (.hearingImpaired, AV_DISPOSITION_HEARING_IMPAIRED),
    (.visualImpaired, AV_DISPOSITION_VISUAL_IMPAIRED),
    (.cleanEffects, AV_DISPOSITION_CLEAN_EFFECTS),
    (.attachedPicture, AV_DISPOSITION_ATTACHED_PIC),
    (.timedThumbnails, AV_DISPOSITION_TIMED_THUMBNAILS),
    (.nonDiegetic, AV_DISPOSITION_NON_DIEGETIC), (.captions, AV_DISPOSITION_CAPTIONS),
    (.descriptions, AV_DISPOSITION_DESCRIPTIONS), (.metadata, AV_DISPOSITION_METADATA),
    (.dependent, AV_DISPOSITION_DEPENDENT), (.stillImage, AV_DISPOSITION_STILL_IMAGE),
  ]

  static func dispositions(_ flags: Int32) -> [StreamDisposition] {
    dispositionFlags.compactMap { flags & $0.1 != 0 ? $0.0 : nil }
  }

  private static func rational(_ value: AVRational) -> Rational? {
    value.num > 0 && value.den > 0 ? Rational(Int(value.num), Int(value.den)) : nil
  }

  /// `ticks` of `timeBase` as an exact time; nil when FFmpeg does not know it or the time
  /// base is not usable.
  static func time(_ ticks: Int64, _ timeBase: AVRational) -> MediaTime? {
    guard ticks != FFmpegLibrary.noTimestamp, timeBase.num > 0, timeBase.den > 0 else {
      return nil
    }
    let (value, overflow) = ticks.multipliedReportingOverflow(by: Int64(timeBase.num))
    if overflow { return nil }
    return MediaTime(value: value, timescale: timeBase.den)
  }
}
