import Foundation
import Testing

/// Compares `actual` with the file `Snapshots/<name>` next to the tests. With
/// `RECORD_SNAPSHOTS=1` the file is written instead; a missing file fails the test.
func expectSnapshot(
  _ actual: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let testsFolder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
  var folder = testsFolder
  while folder.lastPathComponent != "CaptionExportTests", folder.path != "/" {
    folder.deleteLastPathComponent()
  }
  let file = folder.appendingPathComponent("Snapshots").appendingPathComponent(name)
  if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
    try Data(actual.utf8).write(to: file)
    return
  }
  guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
    Issue.record(
      "no snapshot \(file.path); record it with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
    return
  }
  #expect(actual == expected, sourceLocation: sourceLocation)
}

/// The repository's root folder.
func repositoryRoot(filePath: String = #filePath) -> String {
  var url = URL(fileURLWithPath: filePath)
  while url.lastPathComponent != "Tests", url.path != "/" { url.deleteLastPathComponent() }
  return url.deletingLastPathComponent().path
}
