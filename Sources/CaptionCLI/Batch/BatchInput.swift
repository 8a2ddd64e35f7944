import CaptionKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One input of `batch`: a media file (checked with its sidecars) or a caption file, with
/// the size and modification time that `--resume` recognises it by.
struct BatchInput {
  var path: String
  var isMedia: Bool
  /// The caption files a manifest names for a media file, read instead of its sidecars.
  var tracks: [String]?
  /// The profile a manifest gives the input, instead of the run's.
  var profile: ValidationProfile?
  /// Size in bytes; nil when the file cannot be examined.
  var size: Int?
  /// Modification time as `seconds.nanoseconds`; nil when the file cannot be examined.
  var modified: String?
  /// What the input is checked with (`BatchSettings`); nil leaves it out of the line.
  var settings: String?

  init(path: String, isMedia: Bool) {
    self.path = path
    self.isMedia = isMedia
    var status = stat()
    if stat(path, &status) == 0 {
      size = Int(status.st_size)
      #if canImport(Glibc)
        let seconds = Int(status.st_mtim.tv_sec)
        let nanoseconds = Int(status.st_mtim.tv_nsec)
      #else
        let seconds = Int(status.st_mtimespec.tv_sec)
        let nanoseconds = Int(status.st_mtimespec.tv_nsec)
      #endif
      let fraction = String(nanoseconds)
      modified =
        "\(seconds)." + String(repeating: "0", count: max(0, 9 - fraction.count)) + fraction
    }
  }

  /// The start of this input's result line, `{"input": ..., "size": ..., "mtime": ...,
  /// "settings": ...`, which `--resume` compares with the lines already written.
  var key: [UInt8] {
    var bytes = Array("{\"input\":".utf8)
    JSONOutput.appendString(path, to: &bytes)
    bytes += Array(",\"size\":".utf8)
    bytes += Array((size.map(String.init) ?? "null").utf8)
    bytes += Array(",\"mtime\":".utf8)
    bytes += Array((modified ?? "null").utf8)
    if let settings {
      bytes += Array(",\"settings\":".utf8)
      JSONOutput.appendString(settings, to: &bytes)
    }
    return bytes
  }

}
