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
  /// more (or its duration is not known); the decoding on two threads too when `chunking`
  /// and the codec allows it (`ChunkedDecoding`).
  static func analyze(
    path: String, streamIndex: Int?, options: AudioActivityOptions, threaded: Bool?,
    chunking: Bool = true
  ) throws -> AudioActivity {
    let library = try FFmpegLibrary.shared()
    let format = try FormatContext(openingInput: path, library: library)
    try format.findStreamInfo()
    let index = try AudioPass.stream(in: format, requested: streamIndex)
    format.discardStreams(except: [index])
    let pass = try AudioPass(
      context: format, stream: index, options: options, threaded: threaded, chunking: chunking)
    do {
      let packet = try Packet(library: library)
      while try format.read(into: packet) {
        // Packets buffered while reading the stream information still arrive for other
        // streams.
        guard packet.streamIndex == index else { continue }
        try pass.decode(packet)
      }
      packet.unref()
    } catch {
      pass.cancel()
      throw error
    }
    return try pass.finish()
  }
}
