import CaptionRuntime

/// Decodes one audio stream on two threads, for long media on a machine with more than one
/// core, where decoding is most of the time of finding speech.
///
/// The reading thread cuts the stream's packets into chunks of `chunkPackets`, opens a
/// decoder for each, and queues them for two lanes (threads); whichever lane is free takes
/// the next chunk. A lane decodes the `primingPackets` packets before its chunk and drops
/// what they give (they bring the new decoder's state to where the chunk starts: for AAC,
/// the half frame each frame overlaps with the next), then decodes the chunk. The lanes hand
/// their samples to the `ActivityWorker` strictly in the order of the chunks, so the worker
/// sees the samples of one decoder, but for the random values a decoder draws (AAC's noise
/// substitution, AC-3's dither), which start anew with each chunk: the same whichever lane
/// decodes it, so the result does not depend on how the threads ran.
///
/// Only codecs whose frames depend on nothing further back than the previous frame take this
/// way (`supports`): AAC LC, AC-3 and E-AC-3, in float of one or two channels at 16, 32 or
/// 48 kHz (what `MonoDecimator` converts), the audio of nearly every video. A lane owns
/// the decoder and the packets of the chunk it takes; what they share (the queue of chunks, the
/// turn, the decoded chunks waiting for it, the failures, the first timestamp, an error) is
/// guarded by one lock, and the samples cross to the worker through its own queue.
final class ChunkedDecoding: @unchecked Sendable {
  /// Packets in a chunk: 256 AAC frames, 5.5 s at 48 kHz.
  static let chunkPackets = 256
  /// Packets decoded before a chunk and dropped.
  static let primingPackets = 2
  /// Chunks waiting for a lane, at most.
  static let queueCapacity = 4
  /// Chunks taken past the one whose turn it is, at most: a lane stops ahead of a slow one
  /// instead of keeping ever more decoded chunks.
  static let reach = 4

  /// Whether the stream decoded by `decoder` (just opened) can be decoded in chunks.
  static func supports(_ decoder: CodecContext) -> Bool {
    let layout = decoder.audioLayout
    return decoder.dependsOnPreviousPacketOnly
      && MonoDecimator(format: layout.format, channels: layout.channels, rate: layout.rate) != nil
  }

  private struct Chunk {
    var index: Int
    /// A decoder opened for this chunk alone.
    var decoder: CodecContext
    var priming: [Packet]
    var packets: [Packet]
  }

  /// Decoding threads.
  static let lanes = 2

  private let library: FFmpegLibrary
  private let worker: ActivityWorker
  private let layout: AudioLayout

  /// Reading thread only: the media the decoders are opened for, and the packets of the
  /// chunk being gathered.
  private let context: FormatContext
  private let index: Int
  private var current: [Packet] = []
  private var tail: [Packet] = []
  private var chunkCount = 0

  private let state = ConditionLock()
  /// Guarded by `state`: the chunks waiting for a lane, whether more will come, the chunk
  /// whose samples go to the worker next, the lanes still running, what went wrong, and what
  /// the chunks found.
  private var waiting: [Chunk] = []
  private var complete = false
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

  /// Chunked decoding of the stream at `index` of `context`, whose decoder `first` is
  /// opened (a supported stream, see `supports`), into `worker`; nil when no thread can be
  /// started. Every chunk gets a decoder of its own, opened like `first`.
  init?(
    context: FormatContext, stream index: Int, first: CodecContext, worker: ActivityWorker
  ) {
    library = context.library
    self.context = context
    self.index = index
    self.worker = worker
    layout = first.audioLayout
    guard
      let decimator = MonoDecimator(
        format: layout.format, channels: layout.channels, rate: layout.rate)
    else { return nil }
    for _ in 0..<Self.lanes {
      state.lock()
      running += 1
      state.unlock()
      if !WorkerThread.start({ [self] in run() }) {
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

  /// Queues the packets read since the last chunk for the lanes.
  private func submit() throws {
    guard !current.isEmpty else { return }
    // A decoder started anew for each chunk decodes it the same whichever lane takes it:
    // one kept from chunk to chunk would carry state a flush leaves (the random values of
    // AAC's noise substitution and AC-3's dither go on from the chunks it decoded before).
    let decoder = try CodecContext(decoderForStream: index, of: context)
    let chunk = Chunk(index: chunkCount, decoder: decoder, priming: tail, packets: current)
    tail = Array(current.suffix(Self.primingPackets))
    current = []
    chunkCount += 1
    state.lock()
    while waiting.count >= Self.queueCapacity && !stopped { state.wait() }
    let stopped = stopped
    if !stopped {
      waiting.append(chunk)
      state.broadcast()
    }
    state.unlock()
    if stopped { try rethrowFailure() }
  }

  /// Decodes what is left, waits for the lanes, and gives the first frame's timestamp and
  /// the packets that could not be decoded (at most `MediaDamageReport.limit`, and how many
  /// more).
  func finish() throws -> (
    firstTimestamp: Int64?, failures: [DecodingFailure], omitted: Int
  ) {
    try submit()
    state.lock()
    complete = true
    state.broadcast()
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
  }

  private func rethrowFailure() throws {
    state.lock()
    let failure = failure
    state.unlock()
    if let failure { throw failure }
  }

  /// A lane's thread: decodes chunks with `decoder` until there are no more.
  private func run() {
    let collector = Collector(worker: worker)
    do {
      while let chunk = take() {
        var decoding = try StreamDecoding(
          library: library, decoder: chunk.decoder, sink: collector, layout: layout)
        try decodeChunk(chunk, with: &decoding)
        guard try handOver(chunk.index, collector: collector, decoding: &decoding) else { break }
      }
    } catch {
      state.lock()
      if failure == nil { failure = error }
      stopped = true
      state.broadcast()
      state.unlock()
      worker.cancel()
    }
    state.lock()
    running -= 1
    state.broadcast()
    state.unlock()
  }

  /// The next chunk, once it is within `reach` of the turn; nil when there are no more or
  /// the decoding was stopped.
  private func take() -> Chunk? {
    state.lock()
    defer { state.unlock() }
    while !stopped {
      if let next = waiting.first {
        if next.index - turn < Self.reach {
          waiting.removeFirst()
          state.broadcast()
          return next
        }
      } else if complete {
        return nil
      }
      state.wait()
    }
    return nil
  }

  private func decodeChunk(_ chunk: Chunk, with decoding: inout StreamDecoding) throws {
    decoding.discarding = true
    for packet in chunk.priming { try decoding.decode(packet) }
    decoding.discarding = false
    for packet in chunk.packets { try decoding.decode(packet) }
    // Drained, so the chunk's last frames come out.
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
      // A lane may be waiting for the turn to come within its reach.
      state.broadcast()
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
