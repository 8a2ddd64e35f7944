#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The start of a file, or stretches of it, read apart from the reader that has it open (a
/// transport stream's program map table, which the demuxer reads but does not give; a few
/// pictures an MP4's index points to).
package final class FileHead {
  private let descriptor: Int32

  /// The file at `path`, open for reading; nil when it cannot be opened.
  package init?(_ path: String) {
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
  }

  deinit { close(descriptor) }

  /// The first `limit` bytes of the file at `path` (fewer when it is shorter); empty when it
  /// cannot be read.
  package static func read(_ path: String, limit: Int) -> [UInt8] {
    FileHead(path)?.read(at: 0, limit: limit) ?? []
  }

  /// `limit` bytes from byte `offset` (fewer when the file ends sooner); empty when they
  /// cannot be read.
  package func read(at offset: Int64, limit: Int) -> [UInt8] {
    guard limit > 0, offset >= 0 else { return [] }
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
