public import CaptionCore

/// Writes a track as SubRip (SRT).
public enum SRTWriter {
  /// Appends the SRT form of `track` to `output` and returns what SRT could not carry
  /// (`convert.lossy` warnings).
  @discardableResult
  public static func write(_ track: Track, into output: inout [UInt8]) -> [Diagnostic] {
    []
  }

  public static func string(_ track: Track) -> String {
    var bytes: [UInt8] = []
    write(track, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
