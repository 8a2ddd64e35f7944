import CaptionCore

/// The subtitle side of one pass over a media file's packets: describes every subtitle
/// stream, then turns the packets of the text streams asked for into cues.
///
/// Made in two steps around the caller's own set-up: `init` describes the streams (so the
/// caller knows which to keep before it discards the others), `start(origin:webVTT:)` opens a
/// reader for each text stream once the presentation start is known. `read(_:)` takes every
/// packet of the pass and `finish(log:)` gives the tracks.
struct SubtitlePass {
  let context: FormatContext
  /// Every subtitle stream of the file, in stream order.
  let described: [SubtitleStream]
  /// The text streams read, in stream order.
  let wanted: [SubtitleStream]
  private var diagnostics: [Diagnostic] = []
  private var readers: [StreamReader?]
  private let ttml: TTMLSampleReader?

  /// Describes the subtitle streams of `context` (TTML in MP4 samples among them, which
  /// FFmpeg takes for data), with a remark for image subtitles and a warning for text
  /// subtitles that are not read; those whose indices are in `streams`, or all of them when
  /// nil, are the ones to read. TTML in MP4 samples is read only with a `ttml` reader.
  init(context: FormatContext, streams: Set<Int>?, ttml: TTMLSampleReader? = nil) {
    self.context = context
    self.ttml = ttml
    let path = context.path
    var described: [SubtitleStream] = []
    for index in 0..<context.streamCount {
      guard let stream = context.streamDescription(index),
        stream.mediaType == .subtitle || stream.isTTMLSamples
      else { continue }
      let subtitle = MediaSubtitles.describe(stream, readsTTML: ttml != nil)
      described.append(subtitle)
      switch subtitle.content {
      case .image:
        diagnostics.append(
          Diagnostic(
            rule: MediaSubtitles.imageSubtitlesRule, severity: .remark,
            message:
              "stream \(index) (\(subtitle.codec)\(Self.languageNote(subtitle))) holds image "
              + "subtitles; their text cannot be read or checked",
            file: path,
            hint: "provide the same subtitles as text (a sidecar file or a text stream)"))
      // CEA-608 streams are read as closed captions (`ClosedCaptionPass`).
      case .unsupportedText where streams?.contains(index) ?? true && subtitle.codec != "eia_608":
        let why: String
        if stream.isTTMLSamples {
          why = "TTML subtitles in MP4 samples (stpp), which are read only through CaptionKit"
        } else if !stream.hasCodec {
          why = "subtitles of a codec FFmpeg does not know, so they cannot be read as text"
        } else if !stream.hasDecoder {
          why =
            "\(subtitle.codec) subtitles, for which FFmpeg has no decoder, so they cannot be "
            + "read as text"
        } else {
          why = "\(subtitle.codec) subtitles, which captionkit does not read as text"
        }
        diagnostics.append(
          Diagnostic(
            rule: SubtitleCueCollector.rule, severity: .warning,
            message:
              "stream \(index)\(subtitle.language.map { " (\($0.rawValue))" } ?? "") holds \(why)",
            file: path, hint: "convert the stream to subrip, webvtt or mov_text"))
      default:
        break
      }
    }
    self.described = described
    wanted = described.filter { $0.content == .text && (streams?.contains($0.index) ?? true) }
    readers = Array(repeating: nil, count: context.streamCount)
  }

  /// The indices of the streams whose packets the pass needs.
  var streamIndices: Set<Int> { Set(wanted.map(\.index)) }

  /// Opens a reader for each text stream to read. Cue times are made relative to `origin`,
  /// the presentation start (zero when unknown). `webVTT` reads the settings and text of
  /// WebVTT cues; without it they go through FFmpeg's decoder.
  mutating func start(origin: MediaTime?, webVTT: WebVTTCueReader?) {
    let path = context.path
    let microseconds = FFmpegRational.microsecond.denominator
    let mediaEnd = context.duration.map { MediaTime(value: $0, timescale: microseconds) }
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
      let isTTML = subtitle.codec == MediaSubtitles.ttmlSamplesCodec
      do {
        decoder =
          (subtitle.codec == "webvtt" && webVTT != nil) || isTTML
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
      let reader = StreamReader(
        decoder: decoder, collector: collector, isWebVTT: subtitle.codec == "webvtt",
        webVTT: webVTT, ttml: isTTML ? ttml : nil)
      // Where the last TTML sample ends when the demuxer gives no durations: the stream's
      // end, else the media's.
      if let duration = stream.duration {
        reader.streamEnd = (stream.startTime ?? 0) &+ duration
      } else if let mediaEnd {
        reader.mediaEnd = mediaEnd
      }
      readers[subtitle.index] = reader
    }
  }

  /// Reads `packet` when it belongs to a stream being read.
  mutating func read(_ packet: Packet) {
    let index = packet.streamIndex
    guard index >= 0, index < readers.count, let reader = readers[index] else { return }
    reader.read(packet, diagnostics: &diagnostics)
  }

  /// The tracks read, after the last packet. `log` is what FFmpeg logged about the file: a
  /// damaged or cut file ends the reading early without an error (perhaps already while the
  /// stream information was read, the packets then coming from FFmpeg's buffer), and only
  /// FFmpeg's own log says.
  consuming func finish(log: [FFmpegLog.Message]) -> EmbeddedSubtitles {
    let path = context.path
    if !wanted.isEmpty, let problem = log.last(where: \.isError) {
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
      var cues = reader.collector.finish()
      diagnostics += reader.collector.diagnostics
      if reader.ttml != nil {
        reader.finishSamples()
        cues = reader.sampleCues.joiningSampleRepeats()
        diagnostics += reader.sampleDiagnostics
        if reader.omittedDiagnostics > 0 {
          diagnostics.append(
            Diagnostic(
              rule: SubtitleCueCollector.rule, severity: .remark,
              message:
                "stream \(subtitle.index): \(reader.omittedDiagnostics) more findings in its "
                + "TTML samples are not listed",
              file: path))
        }
      }
      var track = Track(
        format: reader.ttml != nil ? .ttml : .webvtt, language: subtitle.language,
        kind: subtitle.kind, source: .embedded, path: path, stream: subtitle.index,
        encoding: "UTF-8", cues: cues)
      track.codec = subtitle.codec
      tracks.append(track)
    }
    return EmbeddedSubtitles(
      tracks: tracks, streams: described, diagnostics: diagnostics,
      streamCount: context.streamCount)
  }

  private static func languageNote(_ stream: SubtitleStream) -> String {
    stream.language.map { ", \($0.rawValue)" } ?? ""
  }

  /// One stream being read: its decoder and its cues so far.
  private final class StreamReader {
    /// The decoder; nil for WebVTT read with a `WebVTTCueReader`.
    let decoder: CodecContext?
    var collector: SubtitleCueCollector
    let isWebVTT: Bool
    let webVTT: WebVTTCueReader?
    /// Reads TTML in MP4 samples (`stpp`), whose cues carry their own times.
    let ttml: TTMLSampleReader?
    /// Whether an undecodable packet was reported already (once per stream is enough to
    /// point at the problem; every cue that could be read is still read).
    var reportedDecodingError = false
    /// The cues of the TTML samples, and their findings (at most `sampleDiagnosticLimit`).
    private(set) var sampleCues: [Cue] = []
    private(set) var sampleDiagnostics: [Diagnostic] = []
    private(set) var omittedDiagnostics = 0
    static let sampleDiagnosticLimit = 20
    /// A TTML sample without a duration (FFmpeg gives none for fragments' data streams),
    /// read when the next one gives its end: samples of timed text follow each other.
    private var pendingSample: (document: [UInt8], timestamp: Int64)?
    /// The end of the stream, in its time base, or of the media, relative to its start.
    var streamEnd: Int64?
    var mediaEnd: MediaTime?

    init(
      decoder: CodecContext?, collector: SubtitleCueCollector, isWebVTT: Bool,
      webVTT: WebVTTCueReader?, ttml: TTMLSampleReader? = nil
    ) {
      self.decoder = decoder
      self.collector = collector
      self.isWebVTT = isWebVTT
      self.webVTT = webVTT
      self.ttml = ttml
    }

    func read(_ packet: Packet, diagnostics: inout [Diagnostic]) {
      let timestamp = packet.presentationTime ?? packet.decodingTime
      if let ttml {
        readSample(packet, at: timestamp, with: ttml)
        return
      }
      let id = isWebVTT ? packet.sideDataText(.webVTTIdentifier) : nil
      guard let decoder else {
        // WebVTT as written: the payload is the cue text, the settings ride beside it.
        let text = packet.withBytes { String(decoding: $0, as: UTF8.self) }
        let settings = packet.sideDataText(.webVTTSettings) ?? ""
        let parts = webVTT.map { $0(settings, text) }
        collector.add(
          timestamp: timestamp, duration: packet.duration,
          cue: parts.map { (id ?? "", $0.text, text, $0.settings) })
        return
      }
      let events: [ASSEventText]
      do {
        events = try decoder.decodeSubtitleTexts(packet).map(SubtitlePass.events) ?? []
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

    /// Reads the TTML document of a `stpp` sample, shown from its timestamp for its
    /// duration, or until the next sample when it has none.
    private func readSample(_ packet: Packet, at timestamp: Int64?, with ttml: TTMLSampleReader) {
      guard let timestamp else {
        note(
          Diagnostic(
            rule: SubtitleCueCollector.rule, severity: .error,
            message:
              "stream \(collector.streamIndex): a TTML sample without a time cannot be placed; "
              + "its cues are not read",
            file: collector.path))
        return
      }
      if let pending = pendingSample {
        pendingSample = nil
        read(pending.document, from: pending.timestamp, to: collector.time(timestamp), ttml)
      }
      let document = packet.withBytes { Array($0) }
      if packet.duration > 0 {
        read(document, from: timestamp, to: collector.time(timestamp &+ packet.duration), ttml)
      } else {
        pendingSample = (document, timestamp)
      }
    }

    /// Reads the last sample, when it waits for an end: the stream's or the media's.
    func finishSamples() {
      guard let pending = pendingSample, let ttml else { return }
      pendingSample = nil
      let start = collector.time(pending.timestamp)
      let end = streamEnd.map { collector.time($0) } ?? mediaEnd ?? start
      read(pending.document, from: pending.timestamp, to: max(start, end), ttml)
    }

    /// Reads one sample's document, from `timestamp` to `end` (relative to the
    /// presentation start).
    private func read(
      _ document: [UInt8], from timestamp: Int64, to end: MediaTime, _ ttml: TTMLSampleReader
    ) {
      let stream = collector.streamIndex
      let origin = collector.origin
      let start = collector.time(timestamp) + origin
      let read = ttml(document, start, end + origin, origin)
      sampleCues += read.cues
      for var diagnostic in read.diagnostics {
        diagnostic.message = "stream \(stream), \(diagnostic.message)"
        if diagnostic.file == nil { diagnostic.file = collector.path }
        note(diagnostic)
      }
    }

    private func note(_ diagnostic: Diagnostic) {
      if sampleDiagnostics.count < Self.sampleDiagnosticLimit {
        sampleDiagnostics.append(diagnostic)
      } else {
        omittedDiagnostics += 1
      }
    }
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
}
