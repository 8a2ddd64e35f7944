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
    try MediaFile(opening: path, timeLimit: timeLimit).info
  }

  /// What `input`, whose stream information was read, holds. Throws `FFmpegError`
  /// (`.invalidData`) when no stream can be read.
  static func info(of input: FormatContext) throws(FFmpegError) -> MediaInfo {
    let path = input.path
    let captioned = input.streamsWithClosedCaptions()
    let streams = (0..<input.streamCount).compactMap { index in
      input.streamDescription(index).map { description in
        var found = stream(description)
        found.hasClosedCaptions = found.kind == .video && captioned.contains(index)
        return found
      }
    }
    let format = input.formatName ?? ""
    guard streams.contains(where: isReadable) else {
      let guessed = format.isEmpty ? "" : " (FFmpeg guessed \(format.split(separator: ",")[0]))"
      throw FFmpegError(
        code: FFmpegLibrary.Code.invalidData,
        message: "no audio, video or subtitle stream could be read\(guessed)",
        operation: "read", path: path)
    }
    let chapters = (0..<input.chapterCount).compactMap { index in
      input.chapterDescription(index).flatMap(chapter)
    }
    let bitRate = input.bitRate
    return MediaInfo(
      path: path, format: format,
      duration: time(input.duration, .microsecond),
      startTime: time(input.startTime, .microsecond),
      bitRate: bitRate > 0 ? Int(bitRate) : nil,
      title: input.metadata("title"), streams: streams,
      chapters: chapters)
  }

  /// Whether FFmpeg found enough of the stream to show it: a picture size, a sample rate;
  /// any subtitle stream, even of a codec FFmpeg does not know (Matroska's USF), since the
  /// container says what it is.
  private static func isReadable(_ stream: MediaStream) -> Bool {
    switch stream.kind {
    case .video: return (stream.width ?? 0) > 0
    case .audio: return (stream.sampleRate ?? 0) > 0
    case .subtitle: return true
    case .data, .attachment: return false
    }
  }

  private static func stream(_ stream: StreamDescription) -> MediaStream {
    var kind: MediaStream.Kind
    switch stream.mediaType {
    case .video: kind = .video
    case .audio: kind = .audio
    case .subtitle: kind = .subtitle
    case .attachment: kind = .attachment
    case .data, .unknown: kind = .data
    }
    // TTML in MP4 samples (`stpp`) is text subtitles, though FFmpeg 5.1 knows no codec for it.
    let ttml = stream.isTTMLSamples
    if ttml { kind = .subtitle }
    let codec = ttml ? MediaSubtitles.ttmlSamplesCodec : stream.hasCodec ? stream.codecName : nil
    let languageCode = stream.language
    let isTextBased = kind == .subtitle && (stream.isTextSubtitle || ttml)
    var frameRate: Rational?
    if kind == .video {
      frameRate = rational(stream.averageFrameRate) ?? rational(stream.baseFrameRate)
    }
    let timeBase = stream.timeBase
    let startTime = time(stream.startTime, timeBase)
    var duration = time(stream.duration, timeBase)
    // Matroska's tag is where the track ends, counted from zero, not from its start.
    if duration == nil, let end = stream.durationTag.flatMap(taggedDuration) {
      let start = startTime ?? .zero
      duration = end > start ? end - start : nil
    }
    return MediaStream(
      index: stream.index, kind: kind, codec: codec,
      language: languageCode.flatMap(ISO639.languageTag(for:)), languageCode: languageCode,
      title: title(of: stream), disposition: stream.dispositions,
      timeBase: Rational(Int(timeBase.numerator), Int(timeBase.denominator)),
      frameRate: frameRate,
      width: kind == .video && stream.width > 0 ? Int(stream.width) : nil,
      height: kind == .video && stream.height > 0 ? Int(stream.height) : nil,
      sampleRate: kind == .audio && stream.sampleRate > 0 ? Int(stream.sampleRate) : nil,
      channels: kind == .audio && stream.channelCount > 0 ? Int(stream.channelCount) : nil,
      startTime: startTime, duration: duration, isTextBased: isTextBased)
  }

  /// A Matroska `DURATION` tag, `h:mm:ss` with a fraction of up to nine digits (the end of
  /// the track); nil when it is not one.
  static func taggedDuration(_ text: String) -> MediaTime? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 3, let hours = Int64(parts[0]), let minutes = Int64(parts[1]),
      hours >= 0, hours < 100_000, (0..<60).contains(minutes)
    else { return nil }
    let seconds = parts[2].split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(seconds.count), seconds[0].count == 2, let whole = Int64(seconds[0]),
      (0..<60).contains(whole), seconds[0].allSatisfy(\.isASCII)
    else { return nil }
    var nanoseconds: Int64 = 0
    if seconds.count == 2 {
      let fraction = seconds[1]
      guard (1...9).contains(fraction.count), fraction.allSatisfy({ $0 >= "0" && $0 <= "9" }),
        let digits = Int64(fraction)
      else { return nil }
      nanoseconds = digits
      for _ in fraction.count..<9 { nanoseconds *= 10 }
    }
    return MediaTime(
      value: ((hours * 60 + minutes) * 60 + whole) * 1_000_000_000 + nanoseconds,
      timescale: 1_000_000_000)
  }

  /// The `title` metadata; for MP4 and QuickTime, which keep a track's name in its handler,
  /// the `handler_name` unless it is a muxer's generic one (`SoundHandler`).
  private static func title(of stream: StreamDescription) -> String? {
    if let title = stream.title { return title }
    guard let handler = stream.handlerName else { return nil }
    let generic =
      handler.isEmpty || handler.hasSuffix("Handler") || handler.hasPrefix("Core Media")
      || handler.hasSuffix("Media Handler") || handler.hasPrefix("ISO Media file produced by")
    return generic ? nil : handler
  }

  private static func chapter(_ chapter: ChapterDescription) -> MediaChapter? {
    guard let start = time(chapter.start, chapter.timeBase),
      let end = time(chapter.end, chapter.timeBase)
    else { return nil }
    return MediaChapter(start: start, end: end, title: chapter.title)
  }

  private static func rational(_ value: FFmpegRational) -> Rational? {
    value.isUsable ? Rational(Int(value.numerator), Int(value.denominator)) : nil
  }

  /// `ticks` of `timeBase` as an exact time; nil when FFmpeg does not know it or the time
  /// base is not usable.
  static func time(_ ticks: Int64?, _ timeBase: FFmpegRational) -> MediaTime? {
    guard let ticks, timeBase.isUsable else { return nil }
    let (value, overflow) = ticks.multipliedReportingOverflow(by: Int64(timeBase.numerator))
    if overflow { return nil }
    return MediaTime(value: value, timescale: timeBase.denominator)
  }
}
