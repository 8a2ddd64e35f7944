public import CaptionCore

/// Finds speech in a media file: decodes one audio stream, resamples it to mono 16 kHz and
/// runs `AudioActivityDetector` over it as it decodes, so memory stays bounded whatever the
/// length of the media.
public enum AudioActivityAnalyzer {
  /// Audio shorter than this many seconds is resampled and analysed on the thread that
  /// decodes it: for a short clip, starting a second thread and handing it the batches cost
  /// more than the overlap saves, and a batch of many clips keeps the cores busy with its own
  /// workers.
  static let threadedFromSeconds: Int64 = 60

  /// The activity of one audio stream of the file at `path`: the stream at `streamIndex` (as
  /// `probe` numbers them), or FFmpeg's default audio stream when nil. Segment times are
  /// relative to the start of the media's presentation, like cue times.
  ///
  /// Throws `AudioActivityError` when there is no such audio stream, `FFmpegError` when the
  /// file cannot be read, `FFmpegUnavailable` when FFmpeg's libraries are missing.
  public static func analyze(
    path: String, streamIndex: Int? = nil, options: AudioActivityOptions = AudioActivityOptions()
  ) throws -> AudioActivity {
    try analyze(path: path, streamIndex: streamIndex, options: options, threaded: nil)
  }

  /// As `analyze(path:streamIndex:options:)`, the resampling and detection on a thread of
  /// their own when `threaded`, or, when nil, when the file lasts `threadedFromSeconds` or
  /// more (or its duration is not known).
  static func analyze(
    path: String, streamIndex: Int?, options: AudioActivityOptions, threaded: Bool?
  ) throws -> AudioActivity {
    let library = try FFmpegLibrary.shared()
    let format = try FormatContext(openingInput: path, library: library)
    try format.findStreamInfo()
    let index = try audioStream(in: format, requested: streamIndex, library: library)
    guard format.streamDescription(index) != nil else {
      throw AudioActivityError(
        .noSuchStream(index: index, streamCount: format.streamCount), path: path)
    }
    format.discardStreams(except: [index])
    let decoder = try CodecContext(decoderForStream: index, of: format)
    let second = Int64(FFmpegRational.microsecond.denominator)
    let long = format.duration.map { $0 >= threadedFromSeconds * second } ?? true
    let worker = ActivityWorker(options: options, threaded: threaded ?? long)
    let firstTimestamp: Int64?
    var activity: AudioActivity
    do {
      var decoding = try StreamDecoding(library: library, decoder: decoder, worker: worker)
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
      activity = try worker.finish()
    } catch {
      worker.cancel()
      throw error
    }
    // Decoded time 0 is the first frame's timestamp; shift it to the presentation start.
    var offset = MediaTime.zero
    if let first = firstTimestamp, let timeBase = format.timeBase(ofStream: index),
      timeBase.isUsable
    {
      offset = MediaTime(
        value: first.multipliedReportingOverflow(by: Int64(timeBase.numerator)).partialValue,
        timescale: timeBase.denominator)
    }
    if let start = format.startTime {
      offset = offset - MediaTime(value: start, timescale: 1_000_000)
    }
    if offset != .zero {
      // A segment wholly before the presentation start is dropped.
      activity.segments = activity.segments.compactMap { segment in
        var shifted = segment
        shifted.start = max(.zero, segment.start + offset)
        shifted.end = segment.end + offset
        return shifted.start < shifted.end ? shifted : nil
      }
    }
    return activity
  }

  private static func audioStream(
    in format: FormatContext, requested: Int?, library: FFmpegLibrary
  ) throws -> Int {
    if let requested {
      guard let stream = format.streamDescription(requested) else {
        throw AudioActivityError(
          .noSuchStream(index: requested, streamCount: format.streamCount), path: format.path)
      }
      let type = stream.mediaType
      guard type == .audio else {
        throw AudioActivityError(
          .notAudio(index: requested, type: library.mediaTypeName(type) ?? "unknown"),
          path: format.path)
      }
      return requested
    }
    guard let best = format.bestStream(of: .audio) else {
      throw AudioActivityError(.noAudioStream, path: format.path)
    }
    return best
  }
}

/// The decoding side of one analysis: sends packets, receives frames, copies their samples
/// into batches for the `ActivityWorker`, which resamples and detects.
private struct StreamDecoding {
  /// Samples per channel in a batch (0.68 s at 48 kHz): few enough hand-overs between the
  /// threads, little memory (256 KB for stereo float).
  static let batchSize = 32_768

  let library: FFmpegLibrary
  let decoder: CodecContext
  let worker: ActivityWorker
  let frame: Frame
  var batch: DecodedAudio?
  /// The sample format, channel count and rate of the first frame; frames that differ are
  /// skipped, since the resampler is set up for these.
  var layout: (format: Int32, channels: Int, rate: Int)?
  var planeCount = 1
  var bytesPerSample = 1
  /// The timestamp of the first decoded frame, in the stream's time base.
  var firstTimestamp: Int64?

  init(library: FFmpegLibrary, decoder: CodecContext, worker: ActivityWorker) throws {
    self.library = library
    self.decoder = decoder
    self.worker = worker
    frame = try Frame(library: library)
  }

  /// Sends a packet (nil drains the decoder) and hands every frame that comes out to the
  /// worker.
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
    if packet == nil, let last = batch, last.sampleCount > 0 {
      try worker.push(last)
      batch = nil
    }
  }

  private mutating func receiveAll() throws {
    while try nextFrame() {
      defer { frame.unref() }
      let format = frame.sampleFormat
      let channels = frame.channelCount
      let rate = frame.sampleRate
      if let layout {
        guard layout.format == format, layout.channels == channels, layout.rate == rate else {
          continue
        }
      } else {
        try begin(format: format, channels: channels, rate: rate)
      }
      try copySamples()
    }
  }

  /// Sets up the resampler for the first frame's audio and starts the worker.
  private mutating func begin(format: Int32, channels: Int, rate: Int) throws {
    layout = (format, channels, rate)
    firstTimestamp = frame.presentationTime ?? 0
    let planar = frame.isPlanar
    planeCount = planar ? max(1, channels) : 1
    bytesPerSample = frame.bytesPerSample * (planar ? 1 : max(1, channels))
    let resampler = try Resampler(
      from: decoder, outputChannels: 1, outputRate: Int32(AudioActivityDetector.sampleRate),
      filterSize: 8)
    worker.start(resampler: resampler, inputRate: rate)
  }

  /// Copies the frame's samples into batches, handing each full batch to the worker.
  private mutating func copySamples() throws {
    let count = frame.sampleCount
    guard count > 0, bytesPerSample > 0 else { return }
    _ = try frame.withPlanes(planeCount) { sources in
      var done = 0
      while done < count {
        if batch == nil {
          batch =
            worker.reusableBatch()
            ?? DecodedAudio(
              planeCount: planeCount, bytesPerSample: bytesPerSample, capacity: Self.batchSize)
        }
        let step = min(count - done, batch?.room ?? 0)
        let offset = done * bytesPerSample
        batch?.append(sources.map { $0 + offset }, count: step)
        done += step
        if let full = batch, full.room == 0 {
          try worker.push(full)
          batch = nil
        }
      }
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
}
