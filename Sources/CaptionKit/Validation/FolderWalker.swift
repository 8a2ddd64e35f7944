import CaptionFormats

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lists the files under a folder, recursively, sorted by path. Hidden entries (names
/// starting with a dot) are skipped, and symbolic links to folders are not followed, so
/// every walk ends. A symbolic link that leads to no file is listed, so that its reader
/// reports it missing.
package enum FolderWalker {
  package static func isFolder(_ path: String) -> Bool {
    PathEntry(path).kind == .folder
  }

  /// Every regular file below `folder` (symbolic links to files, and broken ones,
  /// included), sorted.
  package static func files(in folder: String) throws(InputFailure) -> [String] {
    var result: [String] = []
    var pending = [folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder]
    while let current = pending.popLast() {
      guard let directory = opendir(current) else {
        throw InputFailure(.missing, "\(current): cannot read: \(SystemError.describe(errno))")
      }
      defer { closedir(directory) }
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name.hasPrefix(".") { continue }
        let path = current == "/" ? "/" + name : current + "/" + name
        // A link to a file is the file; a link that leads nowhere is kept too, so that the
        // file it stood for is reported missing instead of passed over in silence.
        let entry = PathEntry(path)
        if entry.isRealFolder {
          pending.append(path)
        } else if entry.isReadableCandidate {
          result.append(path)
        }
      }
    }
    return result.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }
}
