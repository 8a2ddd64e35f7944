import CaptionKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `--results` file: result lines appended with one `write` each, so a killed run leaves
/// only whole lines; with `--resume` the lines already there are kept and their keys read.
final class BatchResultsFile {
  private let descriptor: Int32
  let path: String

  /// Opens `path` for appending: emptied first unless `keep`; a last line without its line
  /// break (cut short) is removed, so new lines never join it.
  init(path: String, keep: Bool) throws(CommandFailure) {
    self.path = path
    let flags = O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | (keep ? 0 : O_TRUNC)
    let descriptor = open(path, flags, 0o644)
    guard descriptor >= 0 else {
      throw CommandFailure(
        ExitCode.cannotCreate, "\(path): cannot open: \(SystemError.describe(errno))")
    }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// The hashed keys of the whole lines in the file, read in pieces so that only the keys
  /// are held; a partial last line is cut off.
  func existingKeys() throws(CommandFailure) -> Set<UInt64> {
    var keys: Set<UInt64> = []
    var pending: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var offset: off_t = 0
    while true {
      let count = buffer.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, $0.count, offset)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw CommandFailure(
          ExitCode.noInput, "\(path): cannot read: \(SystemError.describe(errno))")
      }
      if count == 0 { break }
      offset += off_t(count)
      var start = 0
      for index in 0..<count where buffer[index] == 0x0A {
        if pending.isEmpty {
          if let key = BatchLine.key(of: buffer[start..<index]) { keys.insert(Self.hash(key)) }
        } else {
          pending += buffer[start..<index]
          if let key = BatchLine.key(of: pending[...]) { keys.insert(Self.hash(key)) }
          pending.removeAll(keepingCapacity: true)
        }
        start = index + 1
      }
      pending += buffer[start..<count]
    }
    if !pending.isEmpty, ftruncate(descriptor, offset - off_t(pending.count)) != 0 {
      throw CommandFailure(
        ExitCode.cannotCreate, "\(path): cannot truncate: \(SystemError.describe(errno))")
    }
    return keys
  }

  /// Removes from the results file at `path` the lines of inputs that could not be checked
  /// (status `error`: unreadable, or out of time), so that `--resume --retry-errors` checks
  /// them again and each input keeps one line. The other lines are copied as they are, in
  /// order, to a temporary file in the same folder that is then renamed over the file, so a
  /// failure leaves the file as it was; a partial last line is dropped, as `existingKeys`
  /// drops it. Returns how many lines were removed; 0 when there is no file.
  static func removeErrorLines(at path: String) throws(CommandFailure) -> Int {
    let input = open(path, O_RDONLY | O_CLOEXEC)
    if input < 0 {
      if errno == ENOENT { return 0 }
      throw CommandFailure(
        ExitCode.noInput, "\(path): cannot read: \(SystemError.describe(errno))")
    }
    defer { close(input) }
    let temporary = path + ".retry-\(getpid())"
    let output = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard output >= 0 else {
      throw CommandFailure(
        ExitCode.cannotCreate, "\(temporary): cannot create: \(SystemError.describe(errno))")
    }
    var removed = 0
    var failure: CommandFailure?
    var pending: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    let marker = Array(",\"status\":\"error\"".utf8)
    func keep(_ line: ArraySlice<UInt8>) -> Bool {
      guard let key = BatchLine.key(of: line) else { return true }
      return !line.dropFirst(key.count).starts(with: marker)
    }
    func emit(_ line: ArraySlice<UInt8>) -> Bool {
      var bytes = Array(line)
      bytes.append(0x0A)
      var offset = 0
      while offset < bytes.count {
        let written = bytes.withUnsafeBytes { buffer in
          guard let base = buffer.baseAddress else { return 0 }
          return write(output, base + offset, buffer.count - offset)
        }
        if written < 0 {
          if errno == EINTR { continue }
          failure = CommandFailure(
            ExitCode.cannotCreate, "\(temporary): cannot write: \(SystemError.describe(errno))")
          return false
        }
        offset += written
      }
      return true
    }
    reading: while true {
      let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        failure = CommandFailure(
          ExitCode.noInput, "\(path): cannot read: \(SystemError.describe(errno))")
        break
      }
      if count == 0 { break }
      var start = 0
      for index in 0..<count where buffer[index] == 0x0A {
        pending += buffer[start..<index]
        if keep(pending[...]) {
          if !emit(pending[...]) { break reading }
        } else {
          removed += 1
        }
        pending.removeAll(keepingCapacity: true)
        start = index + 1
      }
      pending += buffer[start..<count]
    }
    if failure == nil, fsync(output) != 0 {
      failure = CommandFailure(
        ExitCode.cannotCreate, "\(temporary): cannot write: \(SystemError.describe(errno))")
    }
    close(output)
    if failure == nil, rename(temporary, path) != 0 {
      failure = CommandFailure(
        ExitCode.cannotCreate, "\(path): cannot replace: \(SystemError.describe(errno))")
    }
    if let failure {
      unlink(temporary)
      throw failure
    }
    return removed
  }

  /// The 64-bit FNV-1a hash of a key, which is what is kept of it.
  static func hash(_ key: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// Appends one whole line.
  func append(_ line: [UInt8]) throws(WriteFailure) {
    var failure: WriteFailure?
    line.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = WriteFailure(reason: SystemError.describe(errno))
          return
        }
        offset += written
      }
    }
    if let failure { throw failure }
  }
}
