#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The start of a file, read apart from the reader that has it open (a transport stream's
/// program map table, which the demuxer reads but does not give).
package enum FileHead {
  /// The first `limit` bytes of the file at `path` (fewer when it is shorter); empty when it
  /// cannot be read.
  package static func read(_ path: String, limit: Int) -> [UInt8] {
    guard limit > 0 else { return [] }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: limit)
    let filled = bytes.withUnsafeMutableBytes { buffer -> Int in
      guard let base = buffer.baseAddress else { return 0 }
      var filled = 0
      while filled < limit {
        let count = Glibc.read(descriptor, base + filled, limit - filled)
        if count < 0, errno == EINTR { continue }
        if count <= 0 { break }
        filled += count
      }
      return filled
    }
    bytes.removeSubrange(filled...)
    return bytes
  }
}
