import CaptionFormats

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folder a streaming package lives in (the folder of its multivariant playlist or
/// manifest), and the local files its URIs name. Nothing outside the folder is read: a URI
/// with a scheme (`https:`), an absolute path, one that climbs out with `..`, or a symbolic
/// link that leads out is refused.
struct PackageFolder: Sendable {
  /// The folder's real path, ending with `/`.
  let root: String
  /// The folder as the playlist's path gives it (`pkg/`, or empty for the current folder):
  /// paths are named from it, as the user named the playlist.
  let shown: String

  /// Why a URI is not read.
  enum Refusal: Error, Equatable {
    /// A URI with a scheme: nothing is fetched from the network.
    case remote
    /// An absolute path, or one that leads out of the folder.
    case outside
  }

  /// The package folder of the playlist at `path`; nil when its folder does not exist.
  init?(playlist path: String) {
    let folder = Self.folder(of: path)
    guard let real = Self.realPath(folder.isEmpty ? "." : folder) else { return nil }
    root = real.hasSuffix("/") ? real : real + "/"
    shown = folder.isEmpty || folder.hasSuffix("/") ? folder : folder + "/"
  }

  /// The path of the file `uri` names, relative to the playlist at `playlist` (itself in the
  /// folder), or why it is not read. The file need not exist.
  func resolve(_ uri: String, from playlist: String) -> Result<String, Refusal> {
    if Self.hasScheme(uri) { return .failure(.remote) }
    let decoded = Self.percentDecoded(uri)
    if decoded.hasPrefix("/") || decoded.isEmpty { return .failure(.outside) }
    // The playlist's own path within the folder, then the URI's steps.
    guard let base = relativePath(of: Self.folder(of: playlist)) else { return .failure(.outside) }
    var parts = base.split(separator: "/").map(String.init)
    for step in decoded.split(separator: "/", omittingEmptySubsequences: true) {
      switch step {
      case ".": continue
      case "..":
        guard !parts.isEmpty else { return .failure(.outside) }
        parts.removeLast()
      default: parts.append(String(step))
      }
    }
    let relative = parts.joined(separator: "/")
    // A symbolic link inside the folder may lead out of it.
    if let real = Self.realPath(root + relative), !real.hasPrefix(root) {
      return .failure(.outside)
    }
    return .success(shown + relative)
  }

  /// `folder` (a path to a folder of the package, as given) relative to the root; nil when it
  /// is not inside it.
  private func relativePath(of folder: String) -> String? {
    guard let real = Self.realPath(folder.isEmpty ? "." : folder) else { return nil }
    let withSlash = real.hasSuffix("/") ? real : real + "/"
    guard withSlash.hasPrefix(root) else { return nil }
    return String(withSlash.dropFirst(root.count))
  }

  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `scheme:` at the start (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`).
  static func hasScheme(_ uri: String) -> Bool {
    guard let colon = uri.firstIndex(of: ":"), let first = uri.first, first.isLetter,
      first.isASCII
    else { return false }
    return uri[..<colon].allSatisfy {
      $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".")
    }
  }

  /// `%XX` escapes decoded; the text as it is when an escape is broken or the result is not
  /// UTF-8.
  static func percentDecoded(_ text: String) -> String {
    guard text.contains("%") else { return text }
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8)[...]
    while let byte = iterator.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard iterator.count >= 2,
        let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16)
      else { return text }
      bytes.append(value)
      iterator = iterator.dropFirst(2)
    }
    return String(validating: bytes, as: UTF8.self) ?? text
  }

  /// The canonical path (`realpath(3)`), nil when it does not exist.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The bytes of a package's entry file (its multivariant playlist or manifest) at `path`:
  /// a local file, at most `maximumSize` bytes. A URL is refused, since nothing is fetched;
  /// the user is told to download the package, `holding` naming what it holds.
  static func loadEntry(_ path: String, maximumSize: Int, holding: String) throws -> [UInt8] {
    if hasScheme(path) {
      throw InputFailure(
        .unusable, "\(path): remote packages are not read; give the path of a local copy",
        hint: "download the package (\(holding)) into a folder first")
    }
    try MediaInput.checkInput(path)
    do throws(CaptionFileReader.Failure) {
      return try CaptionFileReader.loadBytes(path: path, maximumSize: maximumSize)
    } catch {
      throw InputFailure(error)
    }
  }
}
