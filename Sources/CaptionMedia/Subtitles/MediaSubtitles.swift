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

  /// Codecs whose decoder gives ASS events captionkit reads.
  static let textCodecs: Set<String> = [
    "mov_text", "subrip", "srt", "webvtt", "ass", "ssa", "text",
  ]

  /// Reads the text subtitle streams of the media file at `path`: those whose indices are
  /// in `streams`, or all of them when nil. `webVTT` reads the settings and text of WebVTT
  /// cues (CaptionKit's `EmbeddedWebVTT.reader`); without it they go through FFmpeg's
  /// decoder, which keeps italics, bold and underline and drops settings, voices and classes.
  /// Throws `FFmpegUnavailable` when FFmpeg cannot be loaded and `FFmpegError` when the file
  /// cannot be opened or read.
  public static func read(
    path: String, streams: Set<Int>? = nil, webVTT: WebVTTCueReader? = nil
  ) throws -> EmbeddedSubtitles {
    let library = try FFmpegLibrary.shared()
    let context = try open(path, library: library)

    var described: [SubtitleStream] = []
    var diagnostics: [Diagnostic] = []
    for index in 0..<context.streamCount {
      guard let stream = context.streamDescription(index), stream.mediaType == .subtitle
      else { continue }
      let subtitle = describe(stream)
      described.append(subtitle)
      switch subtitle.content {
      case .image:
        diagnostics.append(
          Diagnostic(
            rule: imageSubtitlesRule, severity: .remark,
            message:
              "stream \(index) (\(subtitle.codec)\(languageNote(subtitle))) holds image "
              + "subtitles; their text cannot be read or checked",
            file: path,
            hint: "provide the same subtitles as text (a sidecar file or a text stream)"))
      case .unsupportedText where streams?.contains(index) ?? true:
        diagnostics.append(
          Diagnostic(
            rule: SubtitleCueCollector.rule, severity: .warning,
            message: "stream \(index) holds \(subtitle.codec) subtitles, which are not read",
            file: path, hint: "convert the stream to subrip, webvtt or mov_text"))
      default:
        break
      }
    }
    let wanted = described.filter { $0.content == .text && (streams?.contains($0.index) ?? true) }

    // Every other stream is discarded before reading.
    context.discardStreams(except: Set(wanted.map(\.index)))
    let microseconds = FFmpegRational.microsecond.denominator
    let origin = try PresentationStart.microseconds(of: context).map {
      MediaTime(value: $0, timescale: microseconds)
    }
    let mediaEnd = context.duration.map { MediaTime(value: $0, timescale: microseconds) }
    var readers: [StreamReader?] = Array(repeating: nil, count: context.streamCount)
    for subtitle in wanted {
      guard let stream = context.streamDescription(subtitle.index) else { continue }
      let base = stream.timeBase
      guard base.isUsable else {
        diagnostics.append(
          Diagnostic(
            rule: SubtitleCueCollector.rule, severity: .warning,
            message:
              "stream \(subtitle.index) has no valid time base "
              + "(\(base.numerator)/\(base.denominator)); it is not read",
            file: path))
        continue
      }
      let decoder: CodecContext?
      do {
        decoder =
          subtitle.codec == "webvtt" && webVTT != nil
          ? nil : try CodecContext(decoderForStream: subtitle.index, of: context)
      } catch {
        diagnostics.append(
          Diagnostic(
            rule: SubtitleCueCollector.rule, severity: .warning,
            message: "stream \(subtitle.index) cannot be decoded: \(error.message)", file: path))
        continue
      }
      let collector = SubtitleCueCollector(
        streamIndex: subtitle.index, path: path, numerator: Int64(base.numerator),
        timescale: base.denominator, origin: origin ?? .zero, mediaEnd: mediaEnd)
      readers[subtitle.index] = StreamReader(
        decoder: decoder, collector: collector, isWebVTT: subtitle.codec == "webvtt",
        webVTT: webVTT)
    }

    let packet = try Packet(library: library)
    while try context.read(into: packet) {
      let index = packet.streamIndex
      guard index >= 0, index < readers.count, let reader = readers[index] else { continue }
      reader.read(packet, diagnostics: &diagnostics)
    }
    // A damaged or cut file ends the reading early without an error (perhaps already while
    // the stream information was read, the packets then coming from FFmpeg's buffer):
    // FFmpeg's own log says.
    if !wanted.isEmpty, let problem = context.takeLog().last(where: \.isError) {
      let text = problem.text.split(whereSeparator: \.isNewline).joined(separator: " ")
      diagnostics.append(
        Diagnostic(
          rule: SubtitleCueCollector.rule, severity: .warning,
          message: "FFmpeg reported '\(text)' while reading; later cues may be missing",
          file: path, hint: "check that the file is whole"))
    }

    var tracks: [Track] = []
    for subtitle in wanted {
      guard let reader = readers[subtitle.index] else { continue }
      let cues = reader.collector.finish()
      diagnostics += reader.collector.diagnostics
      tracks.append(
        Track(
          format: .webvtt, language: subtitle.language, kind: subtitle.kind, source: .embedded,
          path: path, stream: subtitle.index, encoding: "UTF-8", cues: cues))
    }
    return EmbeddedSubtitles(tracks: tracks, streams: described, diagnostics: diagnostics)
  }

  /// One stream being read: its decoder and its cues so far.
  private final class StreamReader {
    /// The decoder; nil for WebVTT read with a `WebVTTCueReader`.
    let decoder: CodecContext?
    var collector: SubtitleCueCollector
    let isWebVTT: Bool
    let webVTT: WebVTTCueReader?
    /// Whether an undecodable packet was reported already (once per stream is enough to
    /// point at the problem; every cue that could be read is still read).
    var reportedDecodingError = false

    init(
      decoder: CodecContext?, collector: SubtitleCueCollector, isWebVTT: Bool,
      webVTT: WebVTTCueReader?
    ) {
      self.decoder = decoder
      self.collector = collector
      self.isWebVTT = isWebVTT
      self.webVTT = webVTT
    }

    func read(_ packet: Packet, diagnostics: inout [Diagnostic]) {
      let timestamp = packet.presentationTime ?? packet.decodingTime
      let id = isWebVTT ? packet.sideDataText(.webVTTIdentifier) : nil
      guard let decoder else {
        // WebVTT as written: the payload is the cue text, the settings ride beside it.
        let text = String(decoding: packet.bytes, as: UTF8.self)
        let settings = packet.sideDataText(.webVTTSettings) ?? ""
        let parts = webVTT.map { $0(settings, text) }
        collector.add(
          timestamp: timestamp, duration: packet.duration,
          cue: parts.map { (id ?? "", $0.text, text, $0.settings) })
        return
      }
      let events: [ASSEventText]
      do {
        events = try decoder.decodeSubtitleTexts(packet).map(MediaSubtitles.events) ?? []
      } catch {
        if !reportedDecodingError {
          reportedDecodingError = true
          let at = packet.presentationTime.map { " at \(collector.time($0))" } ?? ""
          diagnostics.append(
            Diagnostic(
              rule: SubtitleCueCollector.rule, severity: .warning,
              message:
                "a packet of stream \(collector.streamIndex)\(at) cannot be decoded: "
                + "\(error.message); it is skipped",
              file: collector.path))
        }
        return
      }
      let text = SubtitleCueCollector.joined(events)
      collector.add(
        timestamp: timestamp, duration: packet.duration,
        cue: text.map { (id ?? "", $0.text, $0.rawText, $0.settings) })
    }
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

  /// The ASS events of a decoded subtitle's text pieces.
  private static func events(_ texts: [CodecContext.SubtitleText]) -> [ASSEventText] {
    var events: [ASSEventText] = []
    for text in texts {
      switch text {
      case .assEvent(let line):
        if let event = ASSEventText(event: line) { events.append(event) }
      case .plain(let plain):
        events.append(ASSEventText(plainText: plain))
      }
    }
    return events
  }

  private static func describe(_ stream: StreamDescription) -> SubtitleStream {
    let codec = stream.codecName
    let content: SubtitleStream.Content
    if textCodecs.contains(codec) {
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

  private static func languageNote(_ stream: SubtitleStream) -> String {
    stream.language.map { ", \($0.rawValue)" } ?? ""
  }
}
