import Glibc

/// An error from a file operation, with the operation, the path and the system's reason.
public struct FileError: Error, CustomStringConvertible {
  public var operation: String
  public var path: String
  public var code: Int32

  public var description: String {
    "cannot \(operation) \(path): \(String(cString: strerror(code)))"
  }
}

/// Whole-file reads and writes with one system call per chunk and no extra copy, so the
/// timings and peak memory measure the library rather than the file layer.
public enum ByteFile {
  /// The bytes of the file at `path`.
  public static func read(_ path: String) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw FileError(operation: "open", path: path, code: errno) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw FileError(operation: "stat", path: path, code: errno)
    }
    let size = Int(info.st_size)
    guard size > 0 else { return try readToEnd(descriptor, path: path) }
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      count = 0
      while count < size {
        let got = Glibc.read(descriptor, buffer.baseAddress.map { $0 + count }, size - count)
        if got < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        if got == 0 { break }
        count += got
      }
    }
    guard failure == 0 else { throw FileError(operation: "read", path: path, code: failure) }
    return bytes
  }

  /// Reads a file whose size is not known in advance, such as those in `/proc`.
  private static func readToEnd(_ descriptor: Int32, path: String) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let got = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if got < 0 {
        if errno == EINTR { continue }
        throw FileError(operation: "read", path: path, code: errno)
      }
      if got == 0 { return bytes }
      bytes += chunk[0..<got]
    }
  }

  /// The first `limit` bytes of the file at `path` (all of a shorter file), or nil.
  public static func head(_ path: String, limit: Int) -> [UInt8]? {
    slice(path, limit: limit, fromEnd: false)
  }

  /// The last `limit` bytes of the file at `path` (all of a shorter file), or nil.
  public static func tail(_ path: String, limit: Int) -> [UInt8]? {
    slice(path, limit: limit, fromEnd: true)
  }

  private static func slice(_ path: String, limit: Int, fromEnd: Bool) -> [UInt8]? {
    guard let size = size(path) else { return nil }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    let count = min(size, limit)
    if fromEnd, lseek(descriptor, off_t(size - count), SEEK_SET) < 0 { return nil }
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let got = bytes.withUnsafeMutableBytes {
        Glibc.read(descriptor, $0.baseAddress.map { $0 + done }, count - done)
      }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { break }
      done += got
    }
    return Array(bytes[0..<done])
  }

  /// Replaces the file at `path` with `bytes`.
  public static func write(_ bytes: [UInt8], to path: String) throws {
    let writer = try Writer(path: path)
    try writer.append(bytes)
    try writer.close()
  }

  /// Size of the file at `path` in bytes, or nil when it does not exist.
  public static func size(_ path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int(info.st_size)
  }

  /// Removes the file at `path`, if there is one.
  public static func remove(_ path: String) {
    unlink(path)
  }

  /// Counts the occurrences of `-->` in the file at `path`, reading it in small chunks: the
  /// number of cues in a WebVTT or SRT file, since cue text cannot contain that string.
  public static func countCueTimings(_ path: String) -> Int? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var count = 0
    var carry: (UInt8, UInt8) = (0, 0)
    while true {
      let got = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { return got == 0 ? count : nil }
      buffer.withUnsafeBufferPointer { bytes in
        for index in 0..<got {
          let byte = bytes[index]
          if byte == 0x3E, carry == (0x2D, 0x2D) { count += 1 }
          carry = (carry.1, byte)
        }
      }
    }
  }

  /// Writes a file in pieces.
  public final class Writer {
    private var descriptor: Int32
    private let path: String

    public init(path: String) throws {
      self.path = path
      descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      guard descriptor >= 0 else { throw FileError(operation: "create", path: path, code: errno) }
    }

    public func append(_ bytes: [UInt8]) throws {
      try bytes.withUnsafeBytes { raw in
        var done = 0
        while done < raw.count {
          let wrote = Glibc.write(descriptor, raw.baseAddress.map { $0 + done }, raw.count - done)
          if wrote < 0 {
            if errno == EINTR { continue }
            throw FileError(operation: "write", path: path, code: errno)
          }
          done += wrote
        }
      }
    }

    public func close() throws {
      guard descriptor >= 0 else { return }
      let result = Glibc.close(descriptor)
      descriptor = -1
      guard result == 0 else { throw FileError(operation: "close", path: path, code: errno) }
    }

    deinit {
      if descriptor >= 0 { _ = Glibc.close(descriptor) }
    }
  }
}
