#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a path names, asked of the file system once: the one place that decides whether an
/// entry is a file, a folder, or a symbolic link that leads to no file. Folder walks, sidecar
/// discovery, path patterns and the "no such file" message all ask it, so that they agree.
package struct PathEntry: Equatable, Sendable {
  package enum Kind: Equatable, Sendable {
    /// Nothing has this name.
    case missing
    /// A regular file, or a symbolic link to one.
    case file
    /// A folder, or a symbolic link to one.
    case folder
    /// A symbolic link the system cannot follow: it leads to no file, or round in a loop.
    /// Reading it reports why, so a walk keeps it instead of passing it over in silence.
    case brokenLink
    /// A device, a socket, a pipe.
    case other
  }

  /// What the path leads to, symbolic links followed.
  package let kind: Kind
  /// Whether the name itself is a symbolic link.
  package let isLink: Bool

  package init(_ path: String) {
    let name = path.isEmpty ? "." : path
    var status = stat()
    guard lstat(name, &status) == 0 else {
      self.init(kind: .missing, isLink: false)
      return
    }
    let isLink = (status.st_mode & S_IFMT) == S_IFLNK
    if isLink, stat(name, &status) != 0 {
      self.init(kind: .brokenLink, isLink: true)
      return
    }
    let kind: Kind
    switch status.st_mode & S_IFMT {
    case S_IFREG: kind = .file
    case S_IFDIR: kind = .folder
    default: kind = .other
    }
    self.init(kind: kind, isLink: isLink)
  }

  package init(kind: Kind, isLink: Bool) {
    self.kind = kind
    self.isLink = isLink
  }

  /// Whether anything has the name, a broken link included.
  package var exists: Bool { kind != .missing }

  /// Whether a reader should be given the path: a file, or a broken link it will report.
  package var isReadableCandidate: Bool { kind == .file || kind == .brokenLink }

  /// Whether the name is a folder itself, not a link to one (walks do not follow links to
  /// folders, so that every walk ends).
  package var isRealFolder: Bool { kind == .folder && !isLink }

  /// Where the symbolic link `path` leads, as written in the link; nil when it is no link.
  package static func linkTarget(_ path: String) -> String? {
    var target = [CChar](repeating: 0, count: 4096)
    let length = readlink(path, &target, target.count - 1)
    guard length > 0 else { return nil }
    let bytes = target.prefix(length).map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }
}
