import CaptionFormats

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file operations that build a package folder: folders, links, copies, writes and the
/// final rename, each failing with the system's reason.
enum PackageFiles {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func reason(_ what: String, _ path: String) -> Failure {
    Failure(description: "\(what) \(path): \(String(cString: strerror(errno)))")
  }

  static func exists(_ path: String) -> Bool { PathEntry(path).exists }

  /// Makes `path` and the folders above it that are missing.
  static func makeFolder(_ path: String) throws(Failure) {
    var built = path.hasPrefix("/") ? "/" : ""
    for part in path.split(separator: "/") {
      built += (built.isEmpty || built.hasSuffix("/") ? "" : "/") + part
      if mkdir(built, 0o755) != 0, errno != EEXIST { throw reason("cannot make", built) }
    }
  }

  /// A hard link of `source` at `target`, or a copy where links cannot be made (another
  /// file system).
  static func linkOrCopy(_ source: String, to target: String) throws(Failure) {
    if link(source, target) == 0 { return }
    let input = open(source, O_RDONLY | O_CLOEXEC)
    guard input >= 0 else { throw reason("cannot read", source) }
    defer { close(input) }
    let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard output >= 0 else { throw reason("cannot write", target) }
    defer { close(output) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count < 0 { throw reason("cannot read", source) }
      if count == 0 { return }
      try write(Array(buffer[..<count]), to: output, path: target)
    }
  }

  /// Writes `bytes` as the new file `path`.
  static func write(_ bytes: [UInt8], toNew path: String) throws(Failure) {
    let output = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard output >= 0 else { throw reason("cannot write", path) }
    defer { close(output) }
    try write(bytes, to: output, path: path)
  }

  private static func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(Failure) {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return Glibc.write(descriptor, base + offset, buffer.count - offset)
      }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { throw reason("cannot write", path) }
      offset += count
    }
  }

  static func rename(_ from: String, to target: String) throws(Failure) {
    guard Glibc.rename(from, target) == 0 else { throw reason("cannot rename to", target) }
  }

  /// A path for a new temporary file, `name-<process>-<random>.ext`, in `$TMPDIR` (else
  /// `/tmp`).
  static func temporaryPath(named name: String, extension suffix: String) -> String {
    let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    return "\(folder)/\(name)-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).\(suffix)"
  }

  /// Removes `path` and everything under it (a partly built folder, a temporary file).
  static func remove(_ path: String) {
    let entry = PathEntry(path)
    guard entry.exists else { return }
    if entry.isRealFolder, let folder = opendir(path) {
      while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name == "." || name == ".." { continue }
        remove(path + "/" + name)
      }
      closedir(folder)
      rmdir(path)
    } else {
      unlink(path)
    }
  }
}
