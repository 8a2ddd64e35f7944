import Foundation
import Testing

@testable import CaptionCLI

/// `batch --transcripts DIR`: each media input's transcript, as `transcript` writes it, under
/// a name that two inputs never share.
struct BatchTranscriptsTests {
  static let flawed = ValidateMediaTests.flawed

  /// `flawed.mp4` and its sidecars copied into `a/` and `b/`, and `bare.mp4` (no captions).
  static func library() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    for sub in ["a", "b"] {
      try FileManager.default.createDirectory(
        atPath: folder.path + "/" + sub, withIntermediateDirectories: true)
      for name in [
        "flawed.mp4", "flawed.en.captions.vtt", "flawed.en.descriptions.vtt", "flawed.ko.vtt",
      ] {
        try FileManager.default.copyItem(
          atPath: Self.flawed + "/" + name, toPath: folder.path + "/\(sub)/" + name)
      }
    }
    try FileManager.default.copyItem(
      atPath: Self.flawed + "/bare.mp4", toPath: folder.path + "/bare.mp4")
    try folder.file("notes.en.vtt", SampleText.webvtt)
    return folder
  }

  @Test func writesEachMediaTranscriptUnderANameOfItsOwn() throws {
    let folder = try Self.library()
    let out = folder.path + "/out"
    let run = ToolRun([
      "batch", folder.path + "/a", folder.path + "/b", folder.path + "/bare.mp4",
      folder.path + "/notes.en.vtt", "--transcripts", out, "--no-audio", "--jobs", "2",
    ])
    #expect(run.status == 1)
    let found = try BatchCommandTests.byInput(run.stdout)
    var written: [String] = []
    for sub in ["a", "b"] {
      let input = folder.path + "/\(sub)/flawed.mp4"
      let hash = String(ShardSelector.fnv1a(input), radix: 16)
      let name = "flawed-" + String(repeating: "0", count: 16 - hash.count) + hash + ".html"
      let line = try #require(found[input])
      #expect(line["transcript"] as? String == out + "/" + name)
      #expect(line["transcriptReason"] == nil)
      written.append(name)
      // The same bytes as the transcript command makes for a file in the same folder.
      let check = out + "/check-\(sub).html"
      let transcript = ToolRun(["transcript", input, "-o", check])
      // Written; the flawed sample's captions hold errors the reader reports, so the status
      // is 1.
      #expect(transcript.status == 1)
      #expect(
        try Data(contentsOf: URL(fileURLWithPath: out + "/" + name))
          == Data(contentsOf: URL(fileURLWithPath: check)))
      try FileManager.default.removeItem(atPath: check)
    }
    #expect(written[0] != written[1])
    // Only the transcripts, no temporary files left behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == written.sorted())
    let bare = try #require(found[folder.path + "/bare.mp4"])
    #expect(bare["transcript"] is NSNull)
    #expect(
      bare["transcriptReason"] as? String
        == "\(folder.path)/bare.mp4: no captions or descriptions found")
    let notes = try #require(found[folder.path + "/notes.en.vtt"])
    #expect(notes["transcript"] is NSNull)
    #expect(notes["transcriptReason"] as? String == "transcripts are made of media files")
  }

  @Test func aNameOnlyOneInputHasIsKeptAndTheFormatChosen() throws {
    let folder = try Self.library()
    let out = folder.path + "/text"
    let run = ToolRun([
      "batch", folder.path + "/a", "--transcripts", out, "--transcript-format", "md",
      "--no-audio",
    ])
    #expect(run.status == 1)
    let line = try #require(try BatchCommandTests.objects(run.stdout).first)
    #expect(line["transcript"] as? String == out + "/flawed.md")
    let markdown = try String(contentsOfFile: out + "/flawed.md", encoding: .utf8)
    #expect(markdown.hasPrefix("# "))
    #expect(
      ToolRun(["batch", ".", "--transcripts", out, "--transcript-format", "pdf"]).status == 64)
  }

  @Test func namesDoNotDependOnTheShard() {
    let inputs = ["x/movie.mp4", "y/movie.mp4", "y/other.mkv"]
    let all = BatchTranscripts(folder: "out/", format: .html, inputs: inputs)
    #expect(all.path(for: "y/other.mkv") == "out/other.html")
    #expect(all.path(for: "x/movie.mp4") != all.path(for: "y/movie.mp4"))
    #expect(all.path(for: "x/movie.mp4").hasPrefix("out/movie-"))
  }
}
