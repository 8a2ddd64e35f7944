import CaptionKit
import Foundation
import Testing

/// The library example in the README, run on a bundled sample.
struct ReadmeExampleTests {
  static let samples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Samples")

  @Test func readsASampleAndWritesItAsSRT() throws {
    let path = Self.samples.appendingPathComponent("scene/scene.en.vtt").path
    // The README's lines:
    let reader = CaptionFileReader()
    let result = try reader.read(path: path)
    var srt: [UInt8] = []
    let lost = SRTWriter.write(result.track, into: &srt)

    #expect(result.diagnostics.isEmpty)
    #expect(result.track.language == LanguageTag("en"))
    #expect(result.track.cues.count == 8)
    // The scene's voices cannot be carried by SRT, and each loss is named.
    #expect(!lost.isEmpty)
    #expect(lost.allSatisfy { $0.rule == "convert.lossy" && $0.message.contains("voice") })
    let text = String(decoding: srt, as: UTF8.self)
    #expect(text.hasPrefix("1\n00:00:"))
    #expect(text.components(separatedBy: " --> ").count == 9)
  }
}

/// The README's `Package.swift` snippet names the package and its library product as
/// `Package.swift` does.
struct ReadmeDependencyTests {
  static let root = ReadmeExampleTests.samples.deletingLastPathComponent()

  @Test func theSnippetNamesTheRealProduct() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let manifest = try String(
      contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let section = try #require(
      readme.components(separatedBy: "## Add the library to a package").last)
    let snippet = try #require(section.components(separatedBy: "```").dropFirst().first)
    #expect(snippet.hasPrefix("swift\n// swift-tools-version:"))
    // The package is named as its manifest names it, and the product is one it declares.
    #expect(manifest.contains("name: \"captionkit\","))
    #expect(snippet.contains(".product(name: \"CaptionKit\", package: \"captionkit\")"))
    #expect(manifest.contains(".library(name: \"CaptionKit\", targets: [\"CaptionKit\"])"))
    #expect(snippet.contains("from: \"\(CaptionKitVersion.current)\""))
  }
}
