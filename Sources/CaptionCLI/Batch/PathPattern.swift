import CaptionKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A path argument with wildcards the shell did not expand: `*`, `?` and `[abc]` within one
/// name (as `fnmatch` reads them; a leading dot must be written), and `**` for any number of
/// folders, none included; a final `/` matches folders only. Matches are listed sorted; folders reached through symbolic links
/// are not searched by `**`, so every search ends.
struct PathPattern {
  let pattern: String

  /// Nil when `text` has no wildcard, or names an existing file as written.
  init?(_ text: String) {
    guard text.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" }) else { return nil }
    if PathEntry(text).exists { return nil }
    pattern = text
  }

  /// The existing paths the pattern matches, sorted, each once.
  func matches() -> [String] {
    let absolute = pattern.hasPrefix("/")
    let parts = pattern.split(separator: "/").map(String.init).filter { $0 != "." }
    var found: Set<String> = []
    Self.match(base: absolute ? "/" : "", parts[...], into: &found)
    // `lib/*/` matches folders only.
    if pattern.hasSuffix("/") { found = found.filter(FolderWalker.isFolder) }
    return found.sorted()
  }

  private static func isPattern(_ part: String) -> Bool {
    part.contains { $0 == "*" || $0 == "?" || $0 == "[" }
  }

  private static func join(_ base: String, _ name: String) -> String {
    if base.isEmpty { return name }
    return base.hasSuffix("/") ? base + name : base + "/" + name
  }

  /// Whether `path` names an entry: a symbolic link that leads to no file counts, so that a
  /// pattern matching it reports it missing instead of passing it over.
  private static func exists(_ path: String) -> Bool { PathEntry(path).exists }

  private static func isRealFolder(_ path: String) -> Bool { PathEntry(path).isRealFolder }

  /// The entries of a folder, hidden ones included (a pattern decides on them), sorted.
  private static func entries(_ folder: String) -> [String] {
    guard let directory = opendir(folder.isEmpty ? "." : folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  private static func match(
    base: String, _ parts: ArraySlice<String>, into found: inout Set<String>
  ) {
    guard let part = parts.first else {
      if !base.isEmpty, exists(base) { found.insert(base) }
      return
    }
    let rest = parts.dropFirst()
    if part == "**" {
      // No folder, or one more (not hidden, not through a link), still matching `**`.
      match(base: base, rest, into: &found)
      for name in entries(base) where !name.hasPrefix(".") {
        let path = join(base, name)
        if isRealFolder(path) { match(base: path, parts, into: &found) }
      }
    } else if isPattern(part) {
      for name in entries(base) where fnmatch(part, name, FNM_PERIOD) == 0 {
        let path = join(base, name)
        if rest.isEmpty || FolderWalker.isFolder(path) { match(base: path, rest, into: &found) }
      }
    } else {
      match(base: join(base, part), rest, into: &found)
    }
  }
}
