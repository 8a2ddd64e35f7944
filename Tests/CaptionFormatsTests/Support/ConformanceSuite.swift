import Foundation
import Testing

/// The browsers' WebVTT conformance suite, read in place from the folder that
/// `CAPTIONKIT_WEBVTT_WPT` names (never copied into the repository).
enum ConformanceSuite {
  static let variable = "CAPTIONKIT_WEBVTT_WPT"

  /// True when the variable is set. Tests that need the suite are enabled by this; when it
  /// is set but the folder is missing, `root` fails the test instead of skipping it.
  static var isConfigured: Bool {
    !(ProcessInfo.processInfo.environment[variable] ?? "").isEmpty
  }

  static let skipComment: Comment =
    "WebVTT conformance suite not run: set CAPTIONKIT_WEBVTT_WPT to its folder"

  struct Missing: Error, CustomStringConvertible {
    var path: String
    var description: String { "\(ConformanceSuite.variable) points at \(path), which is missing" }
  }

  static func root() throws -> URL {
    let path = ProcessInfo.processInfo.environment[variable] ?? ""
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { throw Missing(path: path) }
    return URL(fileURLWithPath: path, isDirectory: true)
  }

  /// The files directly in `folder` (relative to the suite) whose names end in `suffix`,
  /// sorted by name.
  static func files(in folder: String, suffix: String) throws -> [URL] {
    let directory = try root().appendingPathComponent(folder, isDirectory: true)
    return try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(suffix) }
      .sorted()
      .map { directory.appendingPathComponent($0) }
  }

  static func data(_ relativePath: String) throws -> Data {
    try Data(contentsOf: root().appendingPathComponent(relativePath))
  }
}
