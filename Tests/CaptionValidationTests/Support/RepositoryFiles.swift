/// Files of the repository the tests compare with the code: the configuration and the docs.
enum RepositoryFiles {
  /// The repository's root, found from this file's path.
  static let root: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)  // Tests/CaptionValidationTests/Support/RepositoryFiles.swift
    return parts.joined(separator: "/")
  }()

  static func path(_ relative: String) -> String { root + "/" + relative }
}
