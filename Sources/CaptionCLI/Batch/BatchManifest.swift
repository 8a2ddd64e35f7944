import CaptionKit

/// `--manifest FILE.jsonl`: one JSON object per line naming one input,
/// `{"media": "a/movie.mp4", "tracks": ["a/movie.en.vtt"], "locales": ["en"], "profile": "web"}`.
/// Relative paths are taken from the manifest's folder (the current folder for standard
/// input); blank lines are skipped.
enum BatchManifest {
  struct Entry: Equatable {
    /// The line number, from 1.
    var line: Int
    var media: String
    /// Caption files checked instead of the media's sidecars; nil to discover them.
    var tracks: [String]?
    /// Locales that must have a track, instead of `--locales`.
    var locales: [String]?
    /// The profile, instead of `--profile`.
    var profile: String?
  }

  /// A line that names no input: its number and why.
  struct BadLine: Equatable, Error {
    var line: Int
    var message: String
  }

  static let keys = ["media", "tracks", "locales", "profile"]

  /// The entries of the manifest, and a `BadLine` for each line that is not one.
  static func entries(
    _ bytes: [UInt8], folder: String?
  ) -> [Result<Entry, BadLine>] {
    var results: [Result<Entry, BadLine>] = []
    var number = 0
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
      number += 1
      var text = Array(line)
      if text.last == 0x0D { text.removeLast() }
      if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
      do throws(BadLine) {
        results.append(.success(try entry(text, line: number, folder: folder)))
      } catch {
        results.append(.failure(error))
      }
    }
    return results
  }

  private static func entry(
    _ bytes: [UInt8], line: Int, folder: String?
  ) throws(BadLine) -> Entry {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      throw BadLine(line: line, message: "not JSON: \(error.message) at column \(error.column)")
    }
    guard case .object(let members) = value else {
      throw BadLine(line: line, message: "a line is a JSON object, not \(value.typeName)")
    }
    var entry = Entry(line: line, media: "")
    var media: String?
    for (key, value) in members {
      switch key {
      case "media":
        guard case .string(let path) = value, !path.isEmpty else {
          throw BadLine(line: line, message: "'media' is a path, not \(value.typeName)")
        }
        media = resolve(path, in: folder)
      case "tracks":
        guard case .array(let items) = value else {
          throw BadLine(line: line, message: "'tracks' is an array of paths, not \(value.typeName)")
        }
        var tracks: [String] = []
        for item in items {
          guard case .string(let path) = item, !path.isEmpty else {
            throw BadLine(line: line, message: "'tracks' holds paths, not \(item.typeName)")
          }
          tracks.append(resolve(path, in: folder))
        }
        entry.tracks = tracks
      case "locales":
        let tags: [String]
        switch value {
        case .string(let text):
          tags = text.split(separator: ",").map { String($0.filter { $0 != " " }) }
            .filter { !$0.isEmpty }
        case .array(let items):
          var list: [String] = []
          for item in items {
            guard case .string(let tag) = item else {
              throw BadLine(line: line, message: "'locales' holds tags, not \(item.typeName)")
            }
            list.append(tag)
          }
          tags = list
        default:
          throw BadLine(
            line: line, message: "'locales' is an array of tags or \"en,ko\", not \(value.typeName)"
          )
        }
        for tag in tags where LanguageTag(tag) == nil {
          throw BadLine(line: line, message: "'locales' takes BCP 47 tags; '\(tag)' is not one")
        }
        entry.locales = tags
      case "profile":
        guard case .string(let name) = value else {
          throw BadLine(line: line, message: "'profile' is a name, not \(value.typeName)")
        }
        entry.profile = name
      default:
        throw BadLine(
          line: line,
          message: "unknown key '\(key)'; expected " + keys.joined(separator: ", "))
      }
    }
    guard let media else { throw BadLine(line: line, message: "'media' is missing") }
    entry.media = media
    return entry
  }

  /// A path relative to the manifest's folder; an absolute path as written.
  static func resolve(_ path: String, in folder: String?) -> String {
    guard let folder, !path.hasPrefix("/"), !folder.isEmpty, folder != "." else { return path }
    return folder.hasSuffix("/") ? folder + path : folder + "/" + path
  }

  /// The folder of a manifest's path (nil for one in the current folder).
  static func folder(of path: String) -> String? {
    guard let slash = path.lastIndex(of: "/") else { return nil }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
