#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the caption files that belong to a media file: for `movie.mp4`, the files
/// `movie.<lang>[.<kind>].<ext>` in the same folder (see `SidecarName`).
///
/// The media file's base name is compared exactly, as Linux file systems compare names; the
/// language, kind and extension in any case (`movie.EN.SDH.VTT`). Names with a part that is
/// neither a language nor a kind (`movie.en.commentary.srt`) do not belong, except a number
/// from 2 to 999 just before the extension, which tells apart files of the same language and
/// kind (`movie.en.2.vtt`, as `captionkit extract` names a second English track). The result
/// is in byte order of the file names, whatever order the folder lists them in.
public enum SidecarDiscovery {
  /// Why the media file's folder could not be listed.
  public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder that was listed.
    public var folder: String
    public var reason: String

    public var description: String { "\(folder): cannot list the folder: \(reason)" }
  }

  /// The sidecars of the media file at `mediaPath`, found by listing its folder; only regular
  /// files (or links to them, or links that lead to no file) count.
  public static func sidecars(forMedia mediaPath: String) throws(Failure) -> [Sidecar] {
    try scan(forMedia: mediaPath).sidecars
  }

  /// The sidecars of the media file at `mediaPath`, and the paths of the caption files named
  /// nearly like one that do not belong to it (`movie.en.commentary.srt`: a part that is
  /// neither a language nor a kind), so that they can be named rather than passed over.
  /// A caption file whose name starts with the name of another media file (`isMedia`:
  /// `movie.extended.en.srt` beside `movie.extended.mkv`) belongs to that file and is not
  /// listed.
  public static func scan(
    forMedia mediaPath: String, isMedia: (String) -> Bool = { _ in true }
  ) throws(Failure) -> (sidecars: [Sidecar], unread: [String]) {
    let folder = folderPath(of: mediaPath)
    let listed = folder ?? "."
    guard let directory = opendir(listed) else {
      throw Failure(folder: listed, reason: SystemError.describe(errno))
    }
    defer { closedir(directory) }
    let mediaName = lastComponent(mediaPath)
    let base = SidecarName.baseName(ofMedia: mediaName)
    var found: [Sidecar] = []
    var nearly: [String] = []
    var others: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) {
          String(cString: $0)
        }
      }
      guard name != mediaName, name != ".", name != ".." else { continue }
      guard let parsed = parse(name, mediaName: mediaName) else {
        if !base.isEmpty, name.hasPrefix(base + "."), isCaptionFileName(name) {
          nearly.append(name)
        } else if isMedia(name) {
          others.append(SidecarName.baseName(ofMedia: name))
        }
        continue
      }
      let path = join(folder, name)
      guard isRegularFile(path, type: entry.pointee.d_type) else { continue }
      found.append(Sidecar(path: path, name: parsed.name, number: parsed.number))
    }
    let unread = nearly.filter { name in
      !others.contains { $0.count > base.count && name.hasPrefix($0 + ".") }
    }
    .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    .map { join(folder, $0) }
    .filter { isRegularFile($0, type: UInt8(DT_UNKNOWN)) }
    return (sorted(found), unread)
  }

  /// Whether `name` has a caption file's extension.
  private static func isCaptionFileName(_ name: String) -> Bool {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
    return SidecarName.format(for: String(name[name.index(after: dot)...])) != nil
  }

  /// The sidecars of `mediaPath` among `fileNames` (names in its folder, without paths),
  /// for callers that list folders themselves.
  public static func sidecars(forMedia mediaPath: String, among fileNames: [String]) -> [Sidecar] {
    let folder = folderPath(of: mediaPath)
    let mediaName = lastComponent(mediaPath)
    var found: [Sidecar] = []
    for name in fileNames where name != mediaName {
      guard let parsed = parse(name, mediaName: mediaName) else { continue }
      found.append(Sidecar(path: join(folder, name), name: parsed.name, number: parsed.number))
    }
    return sorted(found)
  }

  /// The name of a sidecar of `mediaName`, and its number when it has one.
  static func parse(_ name: String, mediaName: String) -> (name: SidecarName, number: Int?)? {
    if let parsed = SidecarName(fileName: name, mediaFileName: mediaName) { return (parsed, nil) }
    // `movie.en.2.vtt`: the number comes just before the extension.
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 3, let part = parts.dropLast().last, (1...3).contains(part.count),
      part.allSatisfy({ $0.isASCII && $0.isNumber }), part.first != "0",
      let number = Int(part), number >= 2
    else { return nil }
    let rest = (parts.dropLast(2) + parts.suffix(1)).joined(separator: ".")
    guard let parsed = SidecarName(fileName: rest, mediaFileName: mediaName) else { return nil }
    return (parsed, number)
  }

  private static func sorted(_ sidecars: [Sidecar]) -> [Sidecar] {
    sidecars.sorted { lhs, rhs in
      lastComponent(lhs.path).utf8.lexicographicallyPrecedes(lastComponent(rhs.path).utf8)
    }
  }

  /// The folder part of a path as written (`/` for a file at the root); nil for a bare name.
  private static func folderPath(of path: String) -> String? {
    guard let slash = path.lastIndex(of: "/") else { return nil }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func lastComponent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  private static func join(_ folder: String?, _ name: String) -> String {
    guard let folder else { return name }
    return folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// Whether `path` is a regular file, a link to one, or a link that leads to no file (kept,
  /// so that reading it reports the sidecar missing instead of passing it over in silence).
  private static func isRegularFile(_ path: String, type: UInt8) -> Bool {
    if type == UInt8(DT_REG) { return true }
    if type != UInt8(DT_LNK) && type != UInt8(DT_UNKNOWN) { return false }
    return PathEntry(path).isReadableCandidate
  }
}
