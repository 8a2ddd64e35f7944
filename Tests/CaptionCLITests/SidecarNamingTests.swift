import Foundation
import Testing

@testable import CaptionCLI

/// Caption files beside a media file under the names subtitle downloaders and media servers
/// write: `.hi` for the hearing impaired, three-letter language codes; and a name that is
/// nearly a sidecar's is named, not passed over.
struct SidecarNamingTests {
  @Test func readsDownloaderNamesAndNamesTheFilesItCannotPlace() throws {
    let folder = try TemporaryFolder()
    let media = folder.path + "/movie.mp4"
    try FileManager.default.copyItem(
      atPath: ValidateRulesTests.samples + "/lighthouse/lighthouse.mp4", toPath: media)
    let captions = try String(
      contentsOfFile: ValidateRulesTests.samples + "/lighthouse/lighthouse.en.captions.vtt",
      encoding: .utf8)
    for name in ["movie.eng.hi.vtt", "movie.en.commentary.vtt"] {
      _ = try folder.file(name, captions)
    }
    let run = ToolRun(["validate", media, "--no-audio"])
    #expect(
      run.stderr.contains(
        "note: \(folder.path)/movie.en.commentary.vtt is named nearly like a caption file of "
          + "\(media), but not movie.<language>[.<kind>].<ext>"), "\(run.stderr)")
    #expect(
      run.stdout.contains("track 2  \(folder.path)/movie.eng.hi.vtt, en, sdh"), "\(run.stdout)")
    #expect(!run.stdout.contains("commentary"))
    // Read as English, it is no untranslated copy of the English track in the media.
    #expect(!run.stdout.contains("translation.untranslated"))
    #expect(run.stderr.contains("it is not checked with it (a folder's check reads it on its own)"))
    // Checking the folder reads it on its own.
    let folderRun = ToolRun(["validate", folder.path, "--no-audio", "--format", "json"])
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(folderRun.stdout.utf8)) as? [String: Any])
    let paths = (root["tracks"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    #expect(paths.contains(folder.path + "/movie.en.commentary.vtt"), "\(paths)")
  }
}
