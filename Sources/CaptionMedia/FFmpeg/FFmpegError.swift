/// A failed FFmpeg call: its error code, FFmpeg's text for it, what was being done, and the
/// input or output it was done to.
public struct FFmpegError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of failure the code stands for, as far as a user is concerned.
  public enum Kind: Sendable, Equatable {
    /// The file does not exist or cannot be opened (`ENOENT`, `EACCES`, `ENOTDIR`).
    case inputMissing
    /// The bytes are not media FFmpeg can read, or end too early (demuxers report a file
    /// cut short as an I/O error).
    case invalidData
    /// The read was stopped because it ran past its time limit.
    case interrupted
    /// Anything else: out of memory, an I/O error, an unsupported feature.
    case other
  }

  /// FFmpeg's negative error code (`AVERROR(errno)` or an `AVERROR_*` tag).
  public var code: Int32
  /// FFmpeg's text for the code (`av_strerror`), such as `Invalid data found when processing
  /// input`.
  public var message: String
  /// The step that failed, in words: `open`, `read stream information`, `read packet`.
  public var operation: String
  /// The file being read or written, when there is one.
  public var path: String?
  /// What FFmpeg logged about it, when it said more than the code: `moov atom not found`.
  public var detail: String?

  public init(
    code: Int32, message: String, operation: String, path: String?, detail: String? = nil
  ) {
    self.code = code
    self.message = message
    self.operation = operation
    self.path = path
    self.detail = detail
  }

  public var kind: Kind {
    switch code {
    case FFmpegLibrary.Code.noEntry, FFmpegLibrary.Code.accessDenied,
      FFmpegLibrary.Code.notDirectory:
      return .inputMissing
    case FFmpegLibrary.Code.invalidData, FFmpegLibrary.Code.endOfFile,
      FFmpegLibrary.Code.demuxerNotFound, FFmpegLibrary.Code.decoderNotFound,
      FFmpegLibrary.Code.streamNotFound, FFmpegLibrary.Code.inputOutput:
      return .invalidData
    case FFmpegLibrary.Code.exit:
      return .interrupted
    default:
      return .other
    }
  }

  /// One line: `cannot open 'movie.mp4': invalid data found when processing input (moov
  /// atom not found)`.
  public var description: String {
    let target = path.map { " '\($0)'" } ?? ""
    let more = detail.map { " (\(lowercasedFirst($0)))" } ?? ""
    return "cannot \(operation)\(target): \(lowercasedFirst(message))\(more)"
  }

  private func lowercasedFirst(_ text: String) -> String {
    guard let first = text.first, first.isUppercase,
      text.dropFirst().first.map({ !$0.isUppercase }) ?? true
    else { return text }
    return first.lowercased() + text.dropFirst()
  }
}
