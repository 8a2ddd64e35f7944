/// Why a media file's audio could not be analysed (besides `FFmpegError` from reading it and
/// `FFmpegUnavailable` when FFmpeg is missing).
public struct AudioActivityError: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Reason: Sendable, Equatable {
    /// The file has no audio stream.
    case noAudioStream
    /// The stream asked for does not exist; the file has `streamCount` streams.
    case noSuchStream(index: Int, streamCount: Int)
    /// The stream asked for is not audio; `type` is FFmpeg's name for what it is.
    case notAudio(index: Int, type: String)
  }

  public var reason: Reason
  /// The media file.
  public var path: String

  public init(_ reason: Reason, path: String) {
    self.reason = reason
    self.path = path
  }

  /// One line: `'movie.mp4' has no audio stream`.
  public var description: String {
    switch reason {
    case .noAudioStream:
      return "'\(path)' has no audio stream"
    case .noSuchStream(let index, let count):
      return "'\(path)' has no stream \(index) (it has \(count), numbered from 0)"
    case .notAudio(let index, let type):
      return "stream \(index) of '\(path)' is \(type), not audio"
    }
  }
}
