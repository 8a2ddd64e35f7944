#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The start of a file, or a stretch of it, read apart from the reader that has it open (a
/// transport stream's program map table, which the demuxer reads but does not give; a few
/// pictures an MP4's index points to).
package enum FileHead {
  /// The first `limit` bytes of the file at `path` (fewer when it is shorter); empty when it
  /// cannot be read.
  package static func read(_ path: String, limit: Int) -> [UInt8] {
    read(path, at: 0, limit: limit)
  }

  /// `limit` bytes of the file at `path` from byte `offset` (fewer when it ends sooner);
  /// empty when they cannot be read.
  package static func read(_ path: String, at offset: Int64, limit: Int) -> [UInt8] {
    guard limit > 0, offset >= 0 else { return [] }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: limit)
    let filled = bytes.withUnsafeMutableBytes { buffer -> Int in
      guard let base = buffer.baseAddress else { return 0 }
      var filled = 0
      while filled < limit {
        let count = pread(descriptor, base + filled, limit - filled, off_t(offset) + off_t(filled))
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
