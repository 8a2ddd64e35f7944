#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's text for an `errno` value, lowercased to fit a diagnostic phrase.
package enum SystemError {
  package static func describe(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    let message = String(cString: text)
    guard let first = message.first else { return "error \(code)" }
    return first.lowercased() + message.dropFirst()
  }
}

extension SystemError {
  /// Why `path`, which the system could not find (`ENOENT`, `ENOTDIR`), is missing: `no such
  /// file`, or for a symbolic link that leads nowhere, where it leads, so that a broken link
  /// is not taken for a name mistyped.
  package static func missing(_ path: String) -> String {
    var status = stat()
    guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else {
      return "no such file"
    }
    var target = [CChar](repeating: 0, count: 4096)
    let length = readlink(path, &target, target.count - 1)
    guard length > 0 else { return "no such file (a symbolic link that leads to no file)" }
    let bytes = target.prefix(length).map { UInt8(bitPattern: $0) }
    let destination = String(decoding: bytes, as: UTF8.self)
    return "no such file (a symbolic link to '\(destination)', which does not exist)"
  }
}
