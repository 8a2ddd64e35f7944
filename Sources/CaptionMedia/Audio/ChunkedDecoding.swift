import CaptionRuntime

/// Decodes one audio stream on two threads, for long media on a machine with more than one
/// core, where decoding is most of the time of finding speech.
///
/// The reading thread cuts the stream's packets into chunks of `chunkPackets` and hands them
/// to two lanes in turn, each a thread with a decoder of its own. A lane flushes its decoder,
/// decodes the `primingPackets` packets before its chunk and drops what they give (they
/// bring the decoder's state to where the chunk starts: for AAC, the half frame each frame
/// overlaps with the next), then decodes the chunk. The lanes hand their samples to the
/// `ActivityWorker` strictly in the order of the chunks, so the worker sees the same samples
/// as from one decoder.
///
/// Only codecs whose frames depend on nothing further back than the previous frame take this
/// way (`supports`): AAC LC, AC-3 and E-AC-3, in float of one or two channels at 16, 32 or
/// 48 kHz (what `MonoDecimator` converts), the audio of nearly every video. The lanes own
/// their decoders and the packets handed to them; what they share (the turn, the failures,
/// the first timestamp, an error) is guarded by one lock, and the samples cross to the
/// worker through its own queue.
final class ChunkedDecoding: @unchecked Sendable {
  /// Packets in a chunk: 128 AAC frames, 2.7 s at 48 kHz.
  static let chunkPackets = 128
  /// Packets decoded before a chunk and dropped.
  static let primingPackets = 2
  /// Chunks waiting for a lane, at most.
  static let laneCapacity = 2

  /// Whether the stream decoded by `decoder` (just opened) can be decoded in chunks.
  static func supports(_ decoder: CodecContext) -> Bool {
    let layout = decoder.audioLayout
    return decoder.dependsOnPreviousPacketOnly
      && MonoDecimator(format: layout.format, channels: layout.channels, rate: layout.rate) != nil
  }

  private struct Chunk {
    var index: Int
    var priming: [Packet]
    var packets: [Packet]
  }

  /// One decoding thread and the chunks waiting for it.
  private final class Lane: @unchecked Sendable {
    let decoder: CodecContext
    let condition = ConditionLock()
    /// Guarded by `condition`.
    var waiting: [Chunk] = []
    var closed = false

    init(decoder: CodecContext) { self.decoder = decoder }
  }

  private let library: FFmpegLibrary
  private let worker: ActivityWorker
  private let layout: AudioLayout
  private let lanes: [Lane]

  /// Reading thread only.
  private var current: [Packet] = []
  private var tail: [Packet] = []
  private var chunkCount = 0

  private let state = ConditionLock()
  /// Guarded by `state`: the chunk whose samples go to the worker next, the lanes still
  /// running, what went wrong, and what the chunks found.
  private var turn = 0
  /// Decoded chunks waiting for their turn, by index, and whether a lane is handing one over.
  private var decoded: [Int: DecodedChunk] = [:]
  private var handingOver = false
  private var running = 0
  private var failure: (any Error)?
  private var stopped = false
  private var firstTimestamp: Int64?
  private var failures: [DecodingFailure] = []
  private var omittedFailures = 0

  /// Chunked decoding of the stream of `first` (an opened decoder of a supported stream, see
  /// `supports`) into `worker`, with a second decoder opened for the same stream of
  /// `context`; nil when no thread can be started.
  init?(
    context: FormatContext, stream index: Int, first: CodecContext, worker: ActivityWorker
  ) throws {
    library = context.library
    self.worker = worker
    layout = first.audioLayout
    let second = try CodecContext(decoderForStream: index, of: context)
    lanes = [Lane(decoder: first), Lane(decoder: second)]
    guard
      let decimator = MonoDecimator(
        format: layout.format, channels: layout.channels, rate: layout.rate)
    else { return nil }
    for lane in lanes {
      state.lock()
      running += 1
      state.unlock()
      if !WorkerThread.start({ [self] in run(lane) }) {
        state.lock()
        running -= 1
        state.unlock()
        stop()
        return nil
      }
    }
    worker.start(.decimator(decimator), inputRate: layout.rate)
  }

  /// Takes the next packet of the stream (a reference of it is kept).
  func decode(_ packet: Packet) throws {
    try rethrowFailure()
    current.append(try packet.reference())
    if current.count == Self.chunkPackets { try submit() }
  }

  /// Hands the packets read since the last chunk to the next lane.
  private func submit() throws {
    guard !current.isEmpty else { return }
    let chunk = Chunk(index: chunkCount, priming: tail, packets: current)
    tail = Array(current.suffix(Self.primingPackets))
    current = []
    let lane = lanes[chunkCount % lanes.count]
    chunkCount += 1
    lane.condition.lock()
    while lane.waiting.count >= Self.laneCapacity && !lane.closed { lane.condition.wait() }
    let closed = lane.closed
    if !closed {
      lane.waiting.append(chunk)
      lane.condition.broadcast()
    }
    lane.condition.unlock()
    if closed { try rethrowFailure() }
  }

  /// Decodes what is left, waits for the lanes, and gives the first frame's timestamp and
  /// the packets that could not be decoded (at most `MediaDamageReport.limit`, and how many
  /// more).
  func finish() throws -> (
    firstTimestamp: Int64?, failures: [DecodingFailure], omitted: Int
  ) {
    try submit()
    for lane in lanes { close(lane) }
    state.lock()
    while running > 0 { state.wait() }
    let outcome = (firstTimestamp, failures, omittedFailures)
    let failure = failure
    state.unlock()
    if let failure { throw failure }
    return outcome
  }

  /// Stops the lanes after a failure, without waiting for them.
  func cancel() { stop() }

  private func stop() {
    state.lock()
    stopped = true
    state.broadcast()
    state.unlock()
    for lane in lanes { close(lane) }
  }

  private func close(_ lane: Lane) {
    lane.condition.lock()
    lane.closed = true
    lane.condition.broadcast()
    lane.condition.unlock()
  }

  private func rethrowFailure() throws {
    state.lock()
    let failure = failure
    state.unlock()
    if let failure { throw failure }
  }

  /// The lane's thread: decodes its chunks until it is closed and has none left.
  private func run(_ lane: Lane) {
    let collector = Collector(worker: worker)
    do {
      var decoding = try StreamDecoding(
        library: library, decoder: lane.decoder, sink: collector, layout: layout)
      while let chunk = take(lane) {
        try decodeChunk(chunk, with: &decoding, collector: collector)
        guard try handOver(chunk.index, collector: collector, decoding: &decoding) else { break }
      }
    } catch {
      state.lock()
      if failure == nil { failure = error }
      stopped = true
      state.broadcast()
      state.unlock()
      worker.cancel()
      for other in lanes { close(other) }
    }
    state.lock()
    running -= 1
    state.broadcast()
    state.unlock()
  }

  private func take(_ lane: Lane) -> Chunk? {
    lane.condition.lock()
    defer { lane.condition.unlock() }
    while lane.waiting.isEmpty && !lane.closed { lane.condition.wait() }
    guard !lane.waiting.isEmpty else { return nil }
    let chunk = lane.waiting.removeFirst()
    lane.condition.broadcast()
    return chunk
  }

  private func decodeChunk(
    _ chunk: Chunk, with decoding: inout StreamDecoding, collector: Collector
  ) throws {
    decoding.decoder.flush()
    decoding.discarding = true
    for packet in chunk.priming { try decoding.decode(packet) }
    decoding.discarding = false
    for packet in chunk.packets { try decoding.decode(packet) }
    // Drained, so the chunk's last frames come out; the next chunk flushes the decoder.
    try decoding.decode(nil)
  }

  /// Hands the chunk's samples to the worker and its findings to the analysis when it is
  /// the chunk's turn, with those of the chunks after it that are already decoded; otherwise
  /// leaves them for the lane whose chunk comes first, so this lane goes on decoding. False
  /// when the decoding was stopped.
  private func handOver(
    _ index: Int, collector: Collector, decoding: inout StreamDecoding
  ) throws -> Bool {
    let done = DecodedChunk(
      batches: collector.batches, firstTimestamp: decoding.firstTimestamp,
      failures: decoding.failures, omittedFailures: decoding.omittedFailures)
    collector.batches = []
    decoding.failures.removeAll()
    decoding.omittedFailures = 0
    decoding.firstTimestamp = nil
    state.lock()
    if stopped {
      state.unlock()
      return false
    }
    decoded[index] = done
    // Only the lane that finds the next chunk's samples here hands them over, so they reach
    // the worker one chunk at a time and in order.
    while !handingOver, let next = decoded.removeValue(forKey: turn) {
      handingOver = true
      state.unlock()
      let pushed = Result { for batch in next.batches { try worker.push(batch) } }
      state.lock()
      handingOver = false
      if case .failure(let error) = pushed {
        state.unlock()
        throw error
      }
      guard !stopped else { break }
      if firstTimestamp == nil { firstTimestamp = next.firstTimestamp }
      for failure in next.failures {
        if failures.count < MediaDamageReport.limit {
          failures.append(failure)
        } else {
          omittedFailures += 1
        }
      }
      omittedFailures += next.omittedFailures
      turn += 1
    }
    let go = !stopped
    state.unlock()
    return go
  }

  /// A chunk's samples and findings, waiting for its turn.
  private struct DecodedChunk {
    var batches: [DecodedAudio]
    var firstTimestamp: Int64?
    var failures: [DecodingFailure]
    var omittedFailures: Int
  }

  /// Keeps a chunk's batches until its turn.
  private final class Collector: DecodedAudioSink {
    let worker: ActivityWorker
    var batches: [DecodedAudio] = []

    init(worker: ActivityWorker) { self.worker = worker }

    // The layout is given to `StreamDecoding`, so this is never called.
    func begin(_ layout: AudioLayout, decoder: CodecContext) throws {}

    func push(_ batch: DecodedAudio) throws { batches.append(batch) }

    func reusableBatch() -> DecodedAudio? { worker.reusableBatch() }
  }
}
