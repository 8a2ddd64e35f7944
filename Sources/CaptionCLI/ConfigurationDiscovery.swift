import CaptionKit
import CaptionRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the configuration of each input the way `.editorconfig` is found: `captionkit.json`
/// in the input's folder, else in the nearest folder above it, up to the root. The file is
/// merged over the compiled-in defaults, as `--config` is. Each folder is looked at once.
final class ConfigurationDiscovery: Sendable {
  static let fileName = "captionkit.json"

  /// A configuration file found, read and merged over the defaults.
  struct Found: Sendable {
    /// The file's path, as messages show it.
    var path: String
    var configuration: Configuration
    /// A digest of the file's bytes, for `batch --resume` to see that it changed.
    var digest: UInt64 = 0
  }

  /// What a folder says: the nearest file at or above it, nil when there is none, or the
  /// failure to read it.
  private typealias Outcome = Result<Found?, CommandFailure>

  private let base: Configuration
  /// The working folder, to make relative paths absolute and absolute ones short again.
  private let workingFolder: String
  private let folders = Locked<[String: Outcome]>([:])

  init(base: Configuration = .defaults) {
    self.base = base
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    workingFolder =
      getcwd(&buffer, buffer.count).map { _ in
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      } ?? "/"
  }

  /// The nearest configuration file of the input at `path`, nil when there is none (or
  /// for standard input); throws when the file cannot be read or is not a configuration,
  /// the message naming it, its line and column.
  func configuration(forInput path: String) throws(CommandFailure) -> Found? {
    guard path != "-" else { return nil }
    return try nearest(from: Self.folder(of: absolute(path))).get()
  }

  /// The profile `name` of the input's nearest file (nil when it has none), with
  /// `requiredLocales` set when given.
  func profile(
    forInput path: String, named name: String, requiredLocales: [String]?
  ) throws(CommandFailure) -> ValidationProfile? {
    guard let found = try configuration(forInput: path) else { return nil }
    guard var profile = found.configuration.profile(named: name) else {
      throw CommandFailure(
        ExitCode.usage,
        "unknown profile '\(name)' for '--profile' in \(found.path); expected one of "
          + found.configuration.profileNames.joined(separator: ", "))
    }
    if let requiredLocales { profile.requiredLocales = requiredLocales }
    return profile
  }

  private func nearest(from folder: String) -> Outcome {
    if let known = folders.withLock({ $0[folder] }) { return known }
    let candidate = (folder == "/" ? "" : folder) + "/" + Self.fileName
    let outcome: Outcome
    if Self.isFile(candidate) {
      outcome = Result { () throws(CommandFailure) -> Found? in try read(candidate) }
    } else if folder == "/" {
      outcome = .success(nil)
    } else {
      outcome = nearest(from: Self.folder(of: folder))
    }
    folders.withLock { $0[folder] = outcome }
    return outcome
  }

  private func read(_ path: String) throws(CommandFailure) -> Found {
    let shown = shortened(path)
    let bytes: [UInt8]
    do {
      bytes = try CaptionFileReader.loadBytes(path: path, maximumSize: 16 << 20)
    } catch {
      throw CommandFailure(
        ExitCode.usage, InputFailure(error).message,
        hint: "make it readable, or check without it: --no-config")
    }
    do {
      return Found(
        path: shown, configuration: try base.merging(json: bytes),
        digest: BatchResultsFile.hash(bytes))
    } catch {
      let place = error.line.map { ":\($0):\(error.column ?? 1)" } ?? ""
      throw CommandFailure(
        ExitCode.usage, "\(shown)\(place): \(error.message)",
        hint: "see Docs/config.md for the keys and values, or check without it: --no-config")
    }
  }

  /// The path made absolute and free of `.` and `..` parts (the links in it are kept).
  private func absolute(_ path: String) -> String {
    let joined = path.hasPrefix("/") ? path : workingFolder + "/" + path
    var parts: [Substring] = []
    for part in joined.split(separator: "/") {
      switch part {
      case ".": continue
      case "..": _ = parts.popLast()
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }

  /// A path inside the working folder relative to it, as the user would write it.
  private func shortened(_ path: String) -> String {
    let prefix = workingFolder == "/" ? "/" : workingFolder + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  /// The folder an absolute path is in; `/` for the root and what is in it.
  private static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
  }

  private static func isFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
  }
}
