import CaptionKit

/// Times captionkit's library in this process: read the file, decode it, read the cues, and
/// for a conversion write them to a file in chunks (the writers' chunked form).
public enum LibraryBenchmark {
  /// What one timed run did and how long each step took, in milliseconds.
  public struct Result: Sendable {
    public var read = 0.0
    public var decode = 0.0
    public var parse = 0.0
    public var write = 0.0
    public var save = 0.0
    public var cues = 0
    public var diagnostics = 0
    public var outputBytes = 0

    public var total: Double { read + decode + parse + write + save }

    /// One line of `key=value` fields, the form the benchmark's children report in.
    public var report: String {
      func ms(_ value: Double) -> String { Report.decimal(value, places: 3) }
      return
        "ms=\(ms(total)) cues=\(cues) diagnostics=\(diagnostics) read=\(ms(read))"
        + " decode=\(ms(decode)) parse=\(ms(parse)) write=\(ms(write)) save=\(ms(save))"
        + " output_bytes=\(outputBytes)"
    }
  }

  /// Reads the captions at `path`.
  public static func parse(_ path: String) throws -> Result {
    var result = Result()
    _ = try readTrack(path, into: &result)
    return result
  }

  /// Reads the captions at `path` and writes them to `output`, in the format its extension
  /// names.
  public static func convert(_ path: String, to output: String) throws -> Result {
    guard let target = CaptionFileFormat(path: output) else {
      throw UsageError(message: "the output \(output) must end in .vtt or .srt")
    }
    var result = Result()
    let track = try readTrack(path, into: &result)
    // Written as the command writes: in chunks of `chunkSize` bytes, each saved to the file
    // as it is made, so the output is never held whole in memory.
    var clock = Stopwatch.now()
    let file = try ByteFile.Writer(path: output)
    var failure: Error?
    var outputBytes = 0
    func save(_ bytes: inout [UInt8]) {
      outputBytes += bytes.count
      if failure == nil {
        do { try file.append(bytes) } catch { failure = error }
      }
      bytes.removeAll(keepingCapacity: true)
    }
    let lossy: [Diagnostic]
    switch target {
    case .vtt: lossy = WebVTTWriter.write(track, chunkSize: chunkSize, flush: save)
    case .srt: lossy = SRTWriter.write(track, chunkSize: chunkSize, flush: save)
    }
    if let failure { throw failure }
    result.diagnostics += lossy.count
    result.write = lap(&clock)
    try file.close()
    result.outputBytes = outputBytes
    result.save = lap(&clock)
    return result
  }

  /// How many bytes of output are made before they are saved, as in `captionkit convert`.
  public static let chunkSize = 256 * 1024

  private static func readTrack(_ path: String, into result: inout Result) throws -> Track {
    guard let format = CaptionFileFormat(path: path) else {
      throw UsageError(message: "the input \(path) must end in .vtt or .srt")
    }
    var clock = Stopwatch.now()
    let bytes = try ByteFile.read(path)
    result.read = lap(&clock)
    let text = TextDecoding.decode(bytes, file: path)
    result.decode = lap(&clock)
    let read: ReadResult
    switch format {
    case .vtt: read = WebVTTReader.read(text, path: path)
    case .srt: read = SRTReader.read(text, path: path)
    }
    result.parse = lap(&clock)
    result.cues = read.track.cues.count
    result.diagnostics = text.diagnostics.count + read.diagnostics.count
    return read.track
  }

  /// Milliseconds since `clock`, which moves to now.
  private static func lap(_ clock: inout UInt64) -> Double {
    let now = Stopwatch.now()
    defer { clock = now }
    return Stopwatch.milliseconds(from: clock, to: now)
  }
}
