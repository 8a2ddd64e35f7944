/// FFmpeg's libraries could not be loaded, so media cannot be read; caption files still can.
public struct FFmpegUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
  /// The soname that failed, such as `libavformat.so.59`.
  public var library: String
  /// The dynamic loader's reason.
  public var reason: String

  public init(library: String, reason: String) {
    self.library = library
    self.reason = reason
  }

  public var description: String {
    "FFmpeg is not available: cannot load \(library) (\(reason))"
  }

  /// How to fix it.
  public var hint: String {
    "install FFmpeg's libraries (Debian: apt-get install libavformat59 libavcodec59 "
      + "libswresample4), or set \(FFmpegLibrary.directoryVariable) to the folder holding "
      + "\(library)"
  }
}
