internal import CFFmpeg
import CaptionCore
public import Foundation

/// Finds speech in a media file: decodes one audio stream, resamples it to mono 16 kHz and
/// runs `AudioActivityDetector` over it as it decodes, so memory stays bounded whatever the
/// length of the media.
public enum AudioActivityAnalyzer {
  /// The activity of one audio stream of the file at `url`: the stream at `streamIndex` (as
  /// `probe` numbers them), or FFmpeg's default audio stream when nil. Segment times are
  /// relative to the start of the media's presentation, like cue times.
  ///
  /// Throws `AudioActivityError` when there is no such audio stream, `FFmpegError` when the
  /// file cannot be read, `FFmpegUnavailable` when FFmpeg's libraries are missing.
  public static func analyze(
    url: URL, streamIndex: Int? = nil, options: AudioActivityOptions = AudioActivityOptions()
  ) throws -> AudioActivity {
    try analyze(path: url.path, streamIndex: streamIndex, options: options)
  }

  /// The activity of one audio stream of the file at `path`; see `analyze(url:...)`.
  public static func analyze(
    path: String, streamIndex: Int? = nil, options: AudioActivityOptions = AudioActivityOptions()
  ) throws -> AudioActivity {
    let library = try FFmpegLibrary.shared()
    let format = try FormatContext(openingInput: path, library: library)
    try format.findStreamInfo()
    let index = try audioStream(in: format, requested: streamIndex, library: library)
    guard let stream = format.stream(index) else {
      throw AudioActivityError(
        .noSuchStream(index: index, streamCount: format.streamCount), path: path)
    }
    format.discardStreams(except: [index])
    let decoder = try CodecContext(decoderFor: stream, library: library, path: path)
    let detector = BackgroundDetector(options: options)
    let firstTimestamp: Int64?
    do {
      var decoding = try StreamDecoding(library: library, decoder: decoder, detector: detector)
      let packet = try Packet(library: library)
      while try format.read(into: packet) {
        // Packets buffered while reading the stream information still arrive for other
        // streams.
        guard packet.streamIndex == index else { continue }
        try decoding.decode(packet)
      }
      packet.unref()
      try decoding.decode(nil)
      firstTimestamp = decoding.firstTimestamp
    } catch {
      detector.cancel()
      throw error
    }
    var activity = detector.finish()
    // Decoded time 0 is the first frame's timestamp; shift it to the presentation start.
    let timeBase = stream.pointee.time_base
    var offset = MediaTime.zero
    if let first = firstTimestamp, timeBase.num > 0, timeBase.den > 0 {
      offset = MediaTime(
        value: first.multipliedReportingOverflow(by: Int64(timeBase.num)).partialValue,
        timescale: timeBase.den)
    }
    let start = format.pointer.pointee.start_time
    if start != FFmpegLibrary.noTimestamp {
      offset = offset - MediaTime(value: start, timescale: 1_000_000)
    }
    if offset != .zero {
      activity.segments = activity.segments.map { segment in
        var shifted = segment
        shifted.start = max(.zero, segment.start + offset)
        shifted.end = max(shifted.start, segment.end + offset)
        return shifted
      }
    }
    return activity
  }

  private static func audioStream(
    in format: FormatContext, requested: Int?, library: FFmpegLibrary
  ) throws -> Int {
    if let requested {
      guard let stream = format.stream(requested) else {
        throw AudioActivityError(
          .noSuchStream(index: requested, streamCount: format.streamCount), path: format.path)
      }
      let type = stream.pointee.codecpar?.pointee.codec_type ?? AVMEDIA_TYPE_UNKNOWN
      guard type == AVMEDIA_TYPE_AUDIO else {
        throw AudioActivityError(
          .notAudio(index: requested, type: library.mediaTypeName(type) ?? "unknown"),
          path: format.path)
      }
      return requested
    }
    let best = library.findBestStream(format.pointer, AVMEDIA_TYPE_AUDIO)
    guard best >= 0 else { throw AudioActivityError(.noAudioStream, path: format.path) }
    return Int(best)
  }
}

/// The decoder, resampler and detector of one analysis, with the buffer between them.
private struct StreamDecoding {
  let library: FFmpegLibrary
  let decoder: CodecContext
  let detector: BackgroundDetector
  let frame: Frame
  var resampler: Resampler?
  var buffer: [Float] = []
  /// The timestamp of the first decoded frame, in the stream's time base.
  var firstTimestamp: Int64?

  init(library: FFmpegLibrary, decoder: CodecContext, detector: BackgroundDetector) throws {
    self.library = library
    self.decoder = decoder
    self.detector = detector
    frame = try Frame(library: library)
  }

  /// Sends a packet (nil drains the decoder) and analyses every frame that comes out.
  mutating func decode(_ packet: Packet?) throws {
    while true {
      let accepted: Bool
      do {
        accepted = try decoder.send(packet)
      } catch {
        // A damaged packet: skip it, as players do, and keep decoding.
        if error.kind == .invalidData { return }
        throw error
      }
      try receiveAll()
      if accepted { break }
    }
    if packet == nil { try flushResampler() }
  }

  private mutating func receiveAll() throws {
    while try nextFrame() {
      defer { frame.unref() }
      if firstTimestamp == nil { firstTimestamp = frame.presentationTime ?? 0 }
      let resampler: Resampler
      if let existing = self.resampler {
        resampler = existing
      } else {
        resampler = try makeResampler()
      }
      let rate = Int64(max(1, frame.sampleRate))
      let pending = resampler.delay(at: rate) + Int64(frame.sampleCount)
      let needed = Int(pending * Int64(AudioActivityDetector.sampleRate) / rate) + 64
      try convert(frame, with: resampler, capacity: needed)
    }
  }

  /// Receives the next decoded frame into `frame`; false when the decoder needs input or is
  /// drained. Frames the decoder reports as damaged are skipped (up to a bound, so a
  /// decoder that keeps failing cannot keep the loop going).
  private func nextFrame() throws -> Bool {
    var failures = 0
    while true {
      let received: CodecContext.Received
      do {
        received = try decoder.receive(frame)
      } catch {
        failures += 1
        if error.kind == .invalidData && failures < 64 { continue }
        throw error
      }
      return received == .frame
    }
  }

  private mutating func makeResampler() throws -> Resampler {
    let made = try Resampler(
      from: decoder, outputChannels: 1, outputFormat: AV_SAMPLE_FMT_FLT,
      outputRate: Int32(AudioActivityDetector.sampleRate), filterSize: 8)
    resampler = made
    return made
  }

  private mutating func flushResampler() throws {
    guard let resampler else { return }
    try convert(nil, with: resampler, capacity: 4096)
  }

  private mutating func convert(_ frame: Frame?, with resampler: Resampler, capacity: Int)
    throws
  {
    if buffer.count < capacity { buffer = [Float](repeating: 0, count: capacity) }
    let written = try buffer.withUnsafeMutableBufferPointer { samples -> Int32 in
      guard let base = samples.baseAddress else { return 0 }
      var plane: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(base)
        .assumingMemoryBound(to: UInt8.self)
      return try resampler.convert(frame, into: &plane, capacity: Int32(samples.count))
    }
    guard written > 0 else { return }
    buffer.withUnsafeBufferPointer { samples in
      detector.process(UnsafeBufferPointer(rebasing: samples[0..<Int(written)]))
    }
  }
}
