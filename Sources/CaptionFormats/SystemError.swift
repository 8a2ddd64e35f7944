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
    guard PathEntry(path).isLink else { return "no such file" }
    guard let destination = PathEntry.linkTarget(path) else {
      return "no such file (a symbolic link that leads to no file)"
    }
    return "no such file (a symbolic link to '\(destination)', which does not exist)"
  }
}
