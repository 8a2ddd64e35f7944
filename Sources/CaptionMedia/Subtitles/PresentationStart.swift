/// The presentation start of a file read without decoding: the start time FFmpeg gives it
/// (`AVFormatContext.start_time`, what `MediaProbe` and ffprobe report), in microseconds.
///
/// With its decoders limited to the subtitle ones (`FormatContext(decoders:)`),
/// `avformat_find_stream_info` reads the first packets of every stream without decoding them,
/// and each stream gets the start time it gets with decoding, but one: H.264 in Matroska
/// (and WebM), which stores presentation times only. FFmpeg takes a stream's start from its
/// first packet once it knows a decoding time, and for H.264 it infers decoding times from
/// presentation times only when the decoder has told it how many frames are reordered; so
/// without the decoder such a stream has no start of its own and the file's start falls to
/// the other streams (the first cue, in a file without audio). For those streams this takes
/// the presentation time of their first packet, which is the start FFmpeg gives them after
/// decoding, and works out the file's start again as FFmpeg does (`update_stream_timings`).
enum PresentationStart {
  /// Demuxers (`AVInputFormat.name`) whose packets carry presentation times only.
  static let presentationTimesOnly: Set<String> = ["matroska,webm"]

  /// The start of `context`, whose stream information was read; nil when FFmpeg knows none.
  static func microseconds(of context: FormatContext) throws(FFmpegError) -> Int64? {
    let fromFFmpeg = context.startTime
    guard let format = context.formatName, presentationTimesOnly.contains(format) else {
      return fromFFmpeg
    }
    let undecided = Set(
      (0..<context.streamCount).filter { context.streamDescription($0)?.isH264 == true })
    if undecided.isEmpty { return fromFFmpeg }
    let first = try firstPresentationTimes(of: undecided, in: context)

    // FFmpeg's rule: the earliest start of the audio and video streams, unless there is none
    // or the subtitle and data streams start less than a second earlier.
    var main: Int64?
    var text: Int64?
    for index in 0..<context.streamCount {
      guard let stream = context.streamDescription(index) else { continue }
      let base = stream.timeBase
      let ticks = undecided.contains(index) ? first[index] : stream.startTime
      guard let ticks, base.isUsable else { continue }
      let start = context.library.rescale(ticks, from: base, to: .microsecond)
      let type = stream.mediaType
      if type == .subtitle || type == .data {
        text = min(text ?? start, start)
      } else {
        main = min(main ?? start, start)
      }
    }
    guard let main else { return text ?? fromFFmpeg }
    if let text, main > text, main - text < Int64(FFmpegRational.microsecond.denominator) {
      return text
    }
    return main
  }

  /// The presentation time of the first packet of each of `streams`, read from a second
  /// opening of the file, where every other stream is discarded. Only FFmpeg's probe size
  /// past the header is read: a stream that starts later gets no start time from FFmpeg
  /// either.
  private static func firstPresentationTimes(
    of streams: Set<Int>, in context: FormatContext
  ) throws(FFmpegError) -> [Int: Int64] {
    let input = try FormatContext(
      openingInput: context.path, library: context.library, decoders: [])
    guard input.streamCount == context.streamCount else { return [:] }
    input.discardStreams(except: streams)
    let position = { input.bytePosition }
    let limit = position() + context.probeSize
    let packet = try Packet(library: context.library)
    var first: [Int: Int64] = [:]
    var seen: Set<Int> = []
    while seen.count < streams.count, position() <= limit, try input.read(into: packet) {
      let index = packet.streamIndex
      guard streams.contains(index), seen.insert(index).inserted else { continue }
      if let time = packet.presentationTime { first[index] = time }
    }
    return first
  }
}
