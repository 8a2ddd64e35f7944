import CaptionKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command reads standard input from: the real one, or bytes given by a test.
public protocol ByteSource: AnyObject {
  /// Reads everything, refusing more than `limit` bytes.
  func readAll(limit: Int) throws(ReadFailure) -> [UInt8]
}

/// Why standard input could not be read.
public enum ReadFailure: Error, Equatable {
  case tooLarge(limit: Int)
  case system(reason: String)
}

/// Reads an open file descriptor, such as 0 (standard input), to its end.
public final class FileDescriptorSource: ByteSource {
  private let descriptor: Int32

  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  public func readAll(limit: Int) throws(ReadFailure) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress, buffer.count)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .system(reason: SystemError.describe(errno))
      }
      if count == 0 { return bytes }
      if bytes.count + count > limit { throw .tooLarge(limit: limit) }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }
}

/// Bytes given in advance, for tests.
public final class BufferSource: ByteSource {
  private let bytes: [UInt8]

  public init(_ bytes: [UInt8] = []) {
    self.bytes = bytes
  }

  public convenience init(_ string: String) {
    self.init(Array(string.utf8))
  }

  public func readAll(limit: Int) throws(ReadFailure) -> [UInt8] {
    if bytes.count > limit { throw .tooLarge(limit: limit) }
    return bytes
  }
}
