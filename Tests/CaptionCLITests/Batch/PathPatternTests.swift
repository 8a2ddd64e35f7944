import Foundation
import Testing

@testable import CaptionCLI

/// Wildcards in `batch` paths that the shell left alone.
struct PathPatternTests {
  static func tree() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    for name in [
      "lib/b/movie.mp4", "lib/a/movie.mp4", "lib/a/deep/er/clip.mp4", "lib/top.mp4",
      "lib/a/movie.en.vtt", "lib/c/notes.txt", "lib/.hidden/x.mp4", "lib/a/.x.mp4",
      "lib/a1.vtt", "lib/a2.vtt", "lib/b3.vtt", "lib/[x].vtt",
    ] {
      try folder.file(name, "")
    }
    return folder
  }

  func matches(_ pattern: String, in folder: TemporaryFolder) -> [String]? {
    PathPattern(folder.path + "/" + pattern)?.matches().map {
      String($0.dropFirst(folder.path.count + 1))
    }
  }

  @Test func matchesAnyDepthWithTwoStarsInSortedOrder() throws {
    let folder = try Self.tree()
    #expect(
      matches("lib/**/*.mp4", in: folder)
        == ["lib/a/deep/er/clip.mp4", "lib/a/movie.mp4", "lib/b/movie.mp4", "lib/top.mp4"])
    #expect(matches("lib/*/movie.mp4", in: folder) == ["lib/a/movie.mp4", "lib/b/movie.mp4"])
    #expect(matches("lib/a?.vtt", in: folder) == ["lib/a1.vtt", "lib/a2.vtt"])
    #expect(matches("lib/[ab][13].vtt", in: folder) == ["lib/a1.vtt", "lib/b3.vtt"])
    #expect(matches("lib/*/", in: folder) == ["lib/a", "lib/b", "lib/c"])
    #expect(matches("lib/nothing/*.mp4", in: folder) == [])
    // A link that leads to no file matches, so that batch reports it missing.
    #expect(symlink("/nonexistent/gone.mp4", folder.path + "/lib/b/gone.mp4") == 0)
    #expect(matches("lib/b/*.mp4", in: folder) == ["lib/b/gone.mp4", "lib/b/movie.mp4"])
  }

  @Test func anExistingNameOrOneWithoutWildcardsIsNoPattern() throws {
    let folder = try Self.tree()
    #expect(PathPattern(folder.path + "/lib/[x].vtt")?.pattern == nil)
    #expect(PathPattern(folder.path + "/lib/a1.vtt")?.pattern == nil)
    #expect(PathPattern(folder.path + "/lib/[y].vtt")?.pattern == folder.path + "/lib/[y].vtt")
  }

  @Test func batchExpandsPatternsAndReportsOneThatMatchesNothing() throws {
    let folder = try TemporaryFolder()
    try folder.file("lib/a/x.vtt", SampleText.webvtt)
    try folder.file("lib/b/c/y.srt", SampleText.srt)
    try folder.file("lib/b/z.txt", "text")
    let run = ToolRun([
      "batch", folder.path + "/lib/**/*.[sv][rt]t", folder.path + "/none/*.vtt", "--jobs", "1",
    ])
    #expect(run.status == 65)
    let found = try BatchCommandTests.byInput(run.stdout)
    #expect(found[folder.path + "/lib/a/x.vtt"]?["status"] as? String == "ok")
    #expect(found[folder.path + "/lib/b/c/y.srt"]?["status"] as? String == "ok")
    #expect(
      found[folder.path + "/none/*.vtt"]?["reason"] as? String
        == "\(folder.path)/none/*.vtt: no file matches the pattern")
    #expect(found.count == 3)
  }
}
