import CaptionFormats
import Foundation
import Testing

@Suite("PathEntry")
struct PathEntryTests {
  @Test func tellsFilesFoldersAndLinksApart() throws {
    let folder =
      FileManager.default.temporaryDirectory.path + "/captionkit-entries-" + UUID().uuidString
    try FileManager.default.createDirectory(
      atPath: folder + "/sub", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("WEBVTT\n".utf8).write(to: URL(fileURLWithPath: folder + "/a.vtt"))
    #expect(symlink("a.vtt", folder + "/to-file") == 0)
    #expect(symlink("sub", folder + "/to-folder") == 0)
    #expect(symlink("/nonexistent/b.srt", folder + "/broken") == 0)
    #expect(symlink("loop-b", folder + "/loop-a") == 0)
    #expect(symlink("loop-a", folder + "/loop-b") == 0)
    #expect(mkfifo(folder + "/pipe", 0o600) == 0)

    func entry(_ name: String) -> String {
      let found = PathEntry(folder + "/" + name)
      return "\(found.kind)\(found.isLink ? " link" : "")"
    }
    #expect(entry("a.vtt") == "file")
    #expect(entry("sub") == "folder")
    #expect(entry("to-file") == "file link")
    #expect(entry("to-folder") == "folder link")
    #expect(entry("broken") == "brokenLink link")
    #expect(entry("loop-a") == "brokenLink link")
    #expect(entry("pipe") == "other")
    #expect(entry("gone") == "missing")

    // A walk reads files and broken links, and goes only into real folders.
    #expect(PathEntry(folder + "/broken").isReadableCandidate)
    #expect(!PathEntry(folder + "/pipe").isReadableCandidate)
    #expect(PathEntry(folder + "/sub").isRealFolder)
    #expect(!PathEntry(folder + "/to-folder").isRealFolder)
    #expect(PathEntry(folder + "/broken").exists)
    #expect(!PathEntry(folder + "/gone").exists)

    #expect(PathEntry.linkTarget(folder + "/broken") == "/nonexistent/b.srt")
    #expect(PathEntry.linkTarget(folder + "/a.vtt") == nil)
    #expect(
      SystemError.missing(folder + "/broken")
        == "no such file (a symbolic link to '/nonexistent/b.srt', which does not exist)")
    #expect(SystemError.missing(folder + "/gone") == "no such file")
  }
}
