public import CaptionCore
import CaptionRuntime

/// A media file opened once for all that is read from it: what it holds (`info`, as
/// `MediaProbe` gives it) as soon as it is open, then, in one pass over its packets, its text
/// subtitle streams and the speech in one audio stream (`read`).
///
/// Only the streams the pass needs are demuxed, and only the audio stream analysed is
/// decoded. A pass reads the file to its end, so there is one pass per opening: a second
/// `read` throws. Use it from one thread at a time.
public final class MediaFile {
  /// What the file holds.
  public let info: MediaInfo
  private let context: FormatContext
  private var wasRead = false
  /// The start of the bytes of media read from memory, for what the demuxer does not give
  /// (a transport stream's caption service descriptors); nil for a file.
  private var memoryHead: [UInt8]?
  /// The bytes of media read from memory, for pictures sampled apart from the pass (closed
  /// captions that start late); nil for a file.
  private var memoryBytes: [UInt8]?

  /// How many media files the calling thread has opened so far (`MediaFile`, `MediaProbe`,
  /// `MediaSubtitles` and `AudioActivityAnalyzer` alike): what shows that a check opens each
  /// media file once.
  package static var openingsOnThisThread: Int { FormatContext.openingsOnThisThread }

  /// Which audio stream a pass analyses.
  public enum Audio: Sendable, Hashable {
    /// None: the audio is not decoded.
    case none
    /// FFmpeg's default audio stream.
    case defaultStream
    /// The stream at this index, as `probe` numbers them.
    case stream(Int)
  }

  /// Opens the media file at `path` and reads what it holds: the container's header plus the
  /// few packets FFmpeg needs to fill in codec details (bounded by FFmpeg's probe size), of
  /// which it decodes the first frames, as ffprobe does.
  ///
  /// Throws `FFmpegUnavailable` when FFmpeg's libraries cannot be loaded, and `FFmpegError`
  /// when the file is missing (`kind == .inputMissing`), is not media or is damaged beyond
  /// reading (`.invalidData`), or takes longer than `timeLimit` seconds to open
  /// (`.interrupted`). The time limit ends with the opening: reading a long file takes the
  /// time it takes (a `MediaReadCancellation` still ends it).
  public init(opening path: String, timeLimit: Double? = MediaProbe.defaultTimeLimit) throws {
    let library = try FFmpegLibrary.shared()
    let context = try FormatContext(openingInput: path, library: library, timeLimit: timeLimit)
    try context.findStreamInfo()
    info = try MediaProbe.info(of: context)
    context.deadline.extend(seconds: nil)
    self.context = context
  }

  /// Reads media held in memory as `init(opening:)` reads a file: `name` stands for its path
  /// in `info` and in errors. Only these bytes are read: FFmpeg opens nothing else, not even
  /// a file a playlist or a reference among them names.
  public init(
    reading bytes: [UInt8], name: String, timeLimit: Double? = MediaProbe.defaultTimeLimit
  ) throws {
    let library = try FFmpegLibrary.shared()
    let input = try MemoryInput(bytes: bytes, name: name, library: library)
    let context = try FormatContext(
      reading: input, name: name, library: library, timeLimit: timeLimit)
    try context.findStreamInfo()
    info = try MediaProbe.info(of: context)
    context.deadline.extend(seconds: nil)
    self.context = context
    memoryBytes = bytes
    // Kept only for a transport stream (packets start with 0x47, after a time code in M2TS).
    if bytes.first == 0x47 || (bytes.count > 4 && bytes[4] == 0x47) {
      memoryHead = Array(bytes.prefix(TransportStreamCaptionServices.readLimit))
    }
  }

  /// Reads the file's packets once, to its end: the text subtitle streams whose indices are
  /// in `subtitles` (all of them when nil), as `MediaSubtitles.read` gives them, and the
  /// speech in the `audio` stream, as `AudioActivityAnalyzer.analyze` gives it. With
  /// `closedCaptions`, also the closed-caption data of the video streams and `eia_608`
  /// streams (`MediaContents.closedCaptions`): the video packets are read, not decoded.
  ///
  /// Throws `FFmpegError` when the file cannot be read, or was read already (`.endOfFile`
  /// as its code: open it again for another pass). The audio failing (no such stream, no
  /// decoder, a decoding error) does not stop the subtitles from being read: it is given as
  /// the failure of `MediaContents.audio`.
  public func read(
    subtitles streams: Set<Int>? = nil, webVTT: WebVTTCueReader? = nil,
    ttml: TTMLSampleReader? = nil, audio: Audio = .none,
    options: AudioActivityOptions = AudioActivityOptions(), closedCaptions: Bool = false
  ) throws -> MediaContents {
    guard !wasRead else {
      throw FFmpegError(
        code: FFmpegLibrary.Code.endOfFile,
        message: "the file was read to its end already; open it again for another pass",
        operation: "read", path: info.path)
    }
    wasRead = true
    var subtitles = SubtitlePass(context: context, streams: streams, ttml: ttml)
    var audioFailure: (any Error)?
    var audioIndex: Int?
    do {
      switch audio {
      case .none: break
      case .defaultStream: audioIndex = try AudioPass.stream(in: context, requested: nil)
      case .stream(let index): audioIndex = try AudioPass.stream(in: context, requested: index)
      }
    } catch {
      audioFailure = error
    }
    var damage = DamageWatch(context: context)
    let path = info.path
    let head = memoryHead
    let memory = memoryBytes
    var opened: FileHead?
    let others = subtitles.streamIndices.union(audioIndex.map { [$0] } ?? []).union(
      damage.observed)
    var captions = ClosedCaptionPass(
      context: context, enabled: closedCaptions,
      seen: Set(info.streams.filter(\.hasClosedCaptions).map(\.index)),
      readAnyway: others,
      head: {
        head ?? FileHead.read(path, limit: TransportStreamCaptionServices.readLimit)
      },
      bytes: { offset, count in
        guard let memory else {
          // Opened once for all the pictures sampled.
          if opened == nil { opened = FileHead(path) }
          return opened?.read(at: offset, limit: count) ?? []
        }
        guard offset >= 0, offset < Int64(memory.count), count > 0 else { return [] }
        let start = Int(offset)
        return Array(memory[start..<min(memory.count, start + count)])
      })
    // Every other stream is discarded before reading.
    context.discardStreams(except: others.union(captions.streamIndices))
    // The stream information was read with the decoders, so FFmpeg's start time is the
    // presentation start `info` gives (`PresentationStart` is for reading without them).
    let origin = context.startTime.map {
      MediaTime(value: $0, timescale: FFmpegRational.microsecond.denominator)
    }
    subtitles.start(origin: origin, webVTT: webVTT)
    captions.start(origin: origin)
    var pass: AudioPass?
    if let audioIndex {
      do {
        pass = try AudioPass(context: context, stream: audioIndex, options: options, threaded: nil)
      } catch {
        audioFailure = error
      }
    }
    do {
      let packet = try Packet(library: context.library)
      while try context.read(into: packet) {
        damage.observe(packet)
        subtitles.read(packet)
        if !captions.read(packet) {
          // A stream searched for captions in vain is demuxed no further.
          context.discardStreams(except: others.union(captions.streamIndices))
        }
        if let audio = pass, packet.streamIndex == audio.index {
          do {
            try audio.decode(packet)
          } catch {
            audio.cancel()
            pass = nil
            audioFailure = error
          }
        }
      }
      packet.unref()
    } catch {
      pass?.cancel()
      throw error
    }
    var activity: Result<AudioActivity, any Error>?
    if let pass {
      activity = Result { try pass.finish() }
      let (failures, omitted) = pass.takeFailures()
      for failure in failures {
        damage.decodeFailed(
          stream: pass.index, timestamp: failure.timestamp, detail: failure.detail)
      }
      for _ in 0..<omitted { damage.decodeFailed(stream: pass.index, timestamp: nil, detail: nil) }
    } else if let audioFailure {
      activity = .failure(audioFailure)
    }
    let report = damage.finish()
    // Damage is reported as such; the subtitles' own note on FFmpeg's errors would repeat it.
    return MediaContents(
      subtitles: subtitles.finish(log: report.isEmpty ? damage.log : []), audio: activity,
      damage: report, closedCaptions: closedCaptions ? captions.finish() : nil)
  }
}

/// What one pass over a media file read (`MediaFile.read`).
public struct MediaContents: Sendable {
  /// The text subtitle streams read, every subtitle stream described, and what was found.
  public var subtitles: EmbeddedSubtitles
  /// The speech in the audio stream analysed, or why it could not be found
  /// (`AudioActivityError`, `FFmpegError`); nil when no audio was asked for.
  public var audio: Result<AudioActivity, any Error>?
  /// The damage found in the file's data: where streams end before the container says they
  /// do, corrupt packets, packets the audio decoder could not decode.
  public var damage: MediaDamageReport
  /// The closed-caption data of the video streams and `eia_608` streams; nil when it was
  /// not asked for.
  public var closedCaptions: MediaClosedCaptions?

  public init(
    subtitles: EmbeddedSubtitles, audio: Result<AudioActivity, any Error>?,
    damage: MediaDamageReport = MediaDamageReport(),
    closedCaptions: MediaClosedCaptions? = nil
  ) {
    self.subtitles = subtitles
    self.audio = audio
    self.damage = damage
    self.closedCaptions = closedCaptions
  }
}
