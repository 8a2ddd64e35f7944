import CaptionCore

/// The audio side of one pass over a media file's packets: decodes one audio stream and
/// hands the samples to an `ActivityWorker`, which resamples them and finds the speech.
final class AudioPass {
  let context: FormatContext
  /// The audio stream read.
  let index: Int
  private let worker: ActivityWorker
  /// The decoding on this thread; when `chunked` decodes instead, it only keeps the packets
  /// that could not be decoded.
  private var decoding: StreamDecoding
  /// Decoding on two threads instead, for long media (see `ChunkedDecoding`).
  let chunked: ChunkedDecoding?

  /// The audio stream of `format` to read: `requested` (as `probe` numbers the streams), or
  /// FFmpeg's default audio stream when nil.
  static func stream(in format: FormatContext, requested: Int?) throws(AudioActivityError)
    -> Int
  {
    if let requested {
      guard let stream = format.streamDescription(requested) else {
        throw AudioActivityError(
          .noSuchStream(index: requested, streamCount: format.streamCount), path: format.path)
      }
      let type = stream.mediaType
      guard type == .audio else {
        throw AudioActivityError(
          .notAudio(index: requested, type: format.library.mediaTypeName(type) ?? "unknown"),
          path: format.path)
      }
      return requested
    }
    guard let best = format.bestStream(of: .audio) else {
      throw AudioActivityError(.noAudioStream, path: format.path)
    }
    return best
  }

  /// Opens the decoder of the audio stream at `index` of `context`. The resampling and
  /// detection run on a thread of their own when `threaded`, or, when nil, when the file
  /// lasts `AudioActivityAnalyzer.threadedFromSeconds` or more (or its duration is not
  /// known).
  ///
  /// The decoding itself runs on two threads (`ChunkedDecoding`) when the work is threaded,
  /// `chunking` allows it and the codec supports it.
  init(
    context: FormatContext, stream index: Int, options: AudioActivityOptions, threaded: Bool?,
    chunking: Bool = true
  ) throws {
    self.context = context
    self.index = index
    let decoder = try CodecContext(decoderForStream: index, of: context)
    let second = Int64(FFmpegRational.microsecond.denominator)
    let long = context.duration.map { $0 >= AudioActivityAnalyzer.threadedFromSeconds * second }
    let threads = threaded ?? long ?? true
    worker = ActivityWorker(options: options, threaded: threads)
    do {
      decoding = try StreamDecoding(library: context.library, decoder: decoder, sink: worker)
      chunked =
        threads && worker.isThreaded && chunking && ChunkedDecoding.supports(decoder)
        ? ChunkedDecoding(context: context, stream: index, first: decoder, worker: worker)
        : nil
    } catch {
      worker.cancel()
      throw error
    }
  }

  /// Decodes a packet of the audio stream.
  func decode(_ packet: Packet) throws {
    if let chunked {
      try chunked.decode(packet)
    } else {
      try decoding.decode(packet)
    }
  }

  /// Takes the packets the decoder could not decode since last asked (their timestamps in
  /// the stream's time base, with what the decoder said), and how many more were not kept.
  func takeFailures() -> (failures: [DecodingFailure], omitted: Int) {
    defer {
      decoding.failures.removeAll()
      decoding.omittedFailures = 0
    }
    return (decoding.failures, decoding.omittedFailures)
  }

  /// Stops the worker after a failure, without waiting for it.
  func cancel() {
    chunked?.cancel()
    worker.cancel()
  }

  /// Drains the decoder, waits for the worker and gives the activity, with segment times
  /// relative to the start of the media's presentation, like cue times.
  func finish() throws -> AudioActivity {
    let firstTimestamp: Int64?
    var activity: AudioActivity
    do {
      if let chunked {
        let outcome = try chunked.finish()
        firstTimestamp = outcome.firstTimestamp
        decoding.failures = outcome.failures
        decoding.omittedFailures = outcome.omitted
      } else {
        try decoding.decode(nil)
        firstTimestamp = decoding.firstTimestamp
      }
      activity = try worker.finish()
    } catch {
      cancel()
      throw error
    }
    // Decoded time 0 is the first frame's timestamp; shift it to the presentation start.
    var offset = MediaTime.zero
    if let first = firstTimestamp, let timeBase = context.timeBase(ofStream: index),
      timeBase.isUsable
    {
      offset = MediaTime(
        value: first.multipliedReportingOverflow(by: Int64(timeBase.numerator)).partialValue,
        timescale: timeBase.denominator)
    }
    if let start = context.startTime {
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
}

/// The sample format (FFmpeg's number), channel count and rate of decoded audio.
struct AudioLayout: Equatable {
  var format: Int32
  var channels: Int
  var rate: Int
}

/// Where `StreamDecoding` hands the samples it decodes.
protocol DecodedAudioSink: AnyObject {
  /// Called once, before the first batch, with the audio's layout and the decoder.
  func begin(_ layout: AudioLayout, decoder: CodecContext) throws
  /// Takes a batch of decoded samples, in order.
  func push(_ batch: DecodedAudio) throws
  /// An emptied batch to fill again, when there is one.
  func reusableBatch() -> DecodedAudio?
}

/// The decoding side of one analysis: sends packets, receives frames, copies their samples
/// into batches for a sink (the `ActivityWorker`, which resamples and detects).
struct StreamDecoding {
  /// Samples per channel in a batch (0.68 s at 48 kHz): few enough hand-overs between the
  /// threads, little memory (256 KB for stereo float).
  static let batchSize = 32_768

  let library: FFmpegLibrary
  let decoder: CodecContext
  let sink: any DecodedAudioSink
  let frame: Frame
  var batch: DecodedAudio?
  /// The sample format, channel count and rate of the first frame (or as given); frames
  /// that differ are skipped, since the resampler is set up for these.
  var layout: AudioLayout?
  /// Whether frames decoded now are dropped, and packets that fail not counted: packets
  /// decoded only to bring the decoder's state up to a point.
  var discarding = false
  var planeCount = 1
  var bytesPerSample = 1
  /// The timestamp of the first decoded frame, in the stream's time base.
  var firstTimestamp: Int64?
  /// The packets the decoder could not decode (skipped), at most `MediaDamageReport.limit`,
  /// and how many more there were.
  var failures: [DecodingFailure] = []
  var omittedFailures = 0
  /// The timestamp of the packet sent last, for a frame that cannot be received.
  private var packetTime: Int64?

  /// Decoding into `sink`; with `layout`, frames in another layout are skipped and the sink
  /// is not told of it.
  init(
    library: FFmpegLibrary, decoder: CodecContext, sink: any DecodedAudioSink,
    layout: AudioLayout? = nil
  ) throws {
    self.library = library
    self.decoder = decoder
    self.sink = sink
    frame = try Frame(library: library)
    if let layout { adopt(layout) }
  }

  /// Sends a packet (nil drains the decoder) and hands every frame that comes out to the
  /// worker.
  mutating func decode(_ packet: Packet?) throws {
    if let packet { packetTime = packet.presentationTime ?? packet.decodingTime }
    while true {
      let accepted: Bool
      do {
        accepted = try decoder.send(packet)
      } catch {
        // A damaged packet: skip it, as players do, and keep decoding.
        if Self.isDamage(error) {
          recordFailure()
          return
        }
        throw error
      }
      try receiveAll()
      if accepted { break }
    }
    if packet == nil, let last = batch, last.sampleCount > 0 {
      try sink.push(last)
      batch = nil
    }
  }

  private mutating func receiveAll() throws {
    while try nextFrame() {
      defer { frame.unref() }
      if discarding { continue }
      let current = AudioLayout(
        format: frame.sampleFormat, channels: frame.channelCount, rate: frame.sampleRate)
      if let layout {
        guard layout == current else { continue }
      } else {
        adopt(current)
        try sink.begin(current, decoder: decoder)
      }
      if firstTimestamp == nil { firstTimestamp = frame.presentationTime ?? 0 }
      try copySamples()
    }
  }

  /// Takes `layout` as the stream's: frames in another are skipped.
  private mutating func adopt(_ layout: AudioLayout) {
    self.layout = layout
    let planar = library.isPlanar(format: layout.format)
    planeCount = planar ? max(1, layout.channels) : 1
    bytesPerSample =
      library.bytesPerSample(format: layout.format) * (planar ? 1 : max(1, layout.channels))
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
            sink.reusableBatch()
            ?? DecodedAudio(
              planeCount: planeCount, bytesPerSample: bytesPerSample, capacity: Self.batchSize)
        }
        let step = min(count - done, batch?.room ?? 0)
        let offset = done * bytesPerSample
        batch?.append(sources.map { $0 + offset }, count: step)
        done += step
        if let full = batch, full.room == 0 {
          try sink.push(full)
          batch = nil
        }
      }
    }
  }

  /// Receives the next decoded frame into `frame`; false when the decoder needs input or is
  /// drained. Frames the decoder reports as damaged are skipped (up to a bound, so a
  /// decoder that keeps failing cannot keep the loop going).
  private mutating func nextFrame() throws -> Bool {
    var attempts = 0
    while true {
      let received: CodecContext.Received
      do {
        received = try decoder.receive(frame)
      } catch {
        attempts += 1
        if Self.isDamage(error) && attempts < 64 {
          recordFailure()
          continue
        }
        throw error
      }
      return received == .frame
    }
  }

  /// Whether a decoder's failure is about the packet (damaged data: decoders return
  /// `AVERROR_INVALIDDATA`, and some `EPERM` or other codes) rather than about the machine
  /// (memory) or the reading being stopped.
  static func isDamage(_ error: FFmpegError) -> Bool {
    error.code != FFmpegLibrary.Code.outOfMemory && error.kind != .interrupted
  }

  /// Keeps the packet sent last as one the decoder could not decode, with its reason.
  private mutating func recordFailure() {
    if discarding { return }
    let reason = FFmpegLog.reason(from: decoder.pointer)
    if failures.count < MediaDamageReport.limit {
      failures.append(DecodingFailure(timestamp: packetTime, detail: reason))
    } else {
      omittedFailures += 1
    }
  }
}

/// A packet the audio decoder could not decode: its timestamp in the stream's time base, and
/// what the decoder said.
struct DecodingFailure {
  var timestamp: Int64?
  var detail: String?
}
