import CaptionKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a whole file so that readers see the old file or the new one, never a part: the
/// bytes go to a temporary file in the same folder, which is then renamed over the target.
/// On failure the temporary file is removed and the old file is left as it was.
///
/// A target that exists and is not a regular file (a device such as `/dev/null` or
/// `/dev/stdout`, a named pipe) is written in place: renaming a file over it would replace
/// the device or pipe itself.
///
/// A target that is a symbolic link is written through: the file the link leads to (which
/// may not exist yet) is replaced the same way, in its own folder, and the link is left as it
/// is.
///
/// A large output is written in chunks as it is made (`open`, `write`, `commit`), so it is
/// never held whole in memory.
final class AtomicFileWriter {
  /// The path as given, which messages name.
  private let path: String
  /// The file replaced: `path`, or the file its links lead to.
  private let target: String
  private let temporary: String
  private var descriptor: Int32
  /// The first write error; later writes are skipped and `commit` reports it.
  private var failure: Int32?
  private var committed = false
  /// True when the target is written in place (it is not a regular file).
  private let direct: Bool

  /// The temporary file, for a writer that opens it by name (the media muxer); the target
  /// itself when it is written in place.
  var temporaryPath: String { temporary }

  /// Writes `bytes` as the file at `path`.
  static func write(_ bytes: [UInt8], to path: String) throws(CommandFailure) {
    let file = try open(path)
    file.write(bytes)
    try file.commit()
  }

  /// Creates the temporary file for `path`.
  static func open(_ path: String) throws(CommandFailure) -> AtomicFileWriter {
    let target = try resolvingLinks(path)
    let (folder, name) = split(target)
    guard !name.isEmpty else { throw failure(path, "it names a folder") }
    var existing = stat()
    if stat(target, &existing) == 0 {
      let type = existing.st_mode & S_IFMT
      if type == S_IFDIR { throw failure(path, "it is a folder") }
      if type != S_IFREG {
        let descriptor = openForWriting(target)
        guard descriptor >= 0 else { throw failure(path, SystemError.describe(errno)) }
        return AtomicFileWriter(
          path: path, target: target, temporary: target, descriptor: descriptor, direct: true)
      }
    }
    var template = Array("\(folder)/.\(name).captionkit-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return -1 }
      return mkstemp(base)
    }
    guard descriptor >= 0 else { throw failure(path, SystemError.describe(errno)) }
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // mkstemp creates the file private (0600); give it the mode a new file would get, or
    // the mode of the file it replaces.
    var status = stat()
    var mode: mode_t
    if stat(target, &status) == 0 {
      mode = status.st_mode & 0o7777
    } else {
      let mask = umask(0)
      umask(mask)
      mode = 0o666 & ~mask
    }
    fchmod(descriptor, mode)
    return AtomicFileWriter(
      path: path, target: target, temporary: temporary, descriptor: descriptor, direct: false)
  }

  /// The folder and the name of `path` (`.` for a name alone).
  private static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    return (
      slash == path.startIndex ? "/" : String(path[..<slash]),
      String(path[path.index(after: slash)...])
    )
  }

  /// The file `path` names once its symbolic links are followed (as far as they lead: the
  /// last may name a file that does not exist yet); `path` itself when it is not a link.
  static func resolvingLinks(_ path: String) throws(CommandFailure) -> String {
    var current = path
    // As many links as the system follows before it gives up (ELOOP).
    for _ in 0..<40 {
      var status = stat()
      guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else {
        return current
      }
      var buffer = [UInt8](repeating: 0, count: 4_096)
      let count = buffer.withUnsafeMutableBufferPointer { pointer in
        pointer.baseAddress.map { base in
          base.withMemoryRebound(to: CChar.self, capacity: pointer.count) {
            readlink(current, $0, pointer.count)
          }
        } ?? -1
      }
      guard count > 0, count < buffer.count else {
        throw failure(path, SystemError.describe(count < 0 ? errno : ENAMETOOLONG))
      }
      let link = String(decoding: buffer[..<count], as: UTF8.self)
      current = link.hasPrefix("/") ? link : split(current).folder + "/" + link
    }
    throw failure(path, SystemError.describe(ELOOP))
  }

  private init(path: String, target: String, temporary: String, descriptor: Int32, direct: Bool) {
    self.path = path
    self.target = target
    self.temporary = temporary
    self.descriptor = descriptor
    self.direct = direct
  }

  deinit {
    if !committed {
      if descriptor >= 0 { close(descriptor) }
      if !direct { unlink(temporary) }
    }
  }

  /// Appends `bytes` to the temporary file; an error is kept for `commit`.
  func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { write($0) }
  }

  /// Appends `bytes` to the temporary file; an error is kept for `commit`.
  func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    var offset = 0
    while failure == nil, offset < bytes.count, let base = bytes.baseAddress {
      let count = systemWrite(descriptor, base + offset, bytes.count - offset)
      if count < 0 {
        if errno != EINTR { failure = errno }
        continue
      }
      offset += count
    }
  }

  /// Flushes the temporary file to disk and renames it over the target; a target written in
  /// place is closed.
  func commit() throws(CommandFailure) {
    if let failure { throw Self.failure(path, SystemError.describe(failure)) }
    if direct {
      let closed = close(descriptor) == 0
      descriptor = -1
      committed = true
      if !closed { throw Self.failure(path, SystemError.describe(errno)) }
      return
    }
    let synced = fsync(descriptor) == 0
    let closed = close(descriptor) == 0
    descriptor = -1
    if !synced || !closed { throw Self.failure(path, SystemError.describe(errno)) }
    guard rename(temporary, target) == 0 else {
      throw Self.failure(path, SystemError.describe(errno))
    }
    committed = true
  }

  private static func failure(_ path: String, _ reason: String) -> CommandFailure {
    CommandFailure(ExitCode.cannotCreate, "cannot write \(path): \(reason)")
  }
}

private func openForWriting(_ path: String) -> Int32 {
  open(path, O_WRONLY | O_CLOEXEC)
}

private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, pointer, count)
}
