import Foundation
import Testing

@testable import CaptionCLI

/// What captionkit writes, captionkit validates without a `parse.*` finding: `convert` to
/// every format with a reader, over every caption file of `Samples/` and the fixtures.
struct OwnOutputTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Every caption file of `Samples/`, `Tests/CaptionFormatsTests/Fixtures/` and the SCC
  /// reference files, as paths
  /// from the repository's root.
  static let inputs: [String] = {
    var found: [String] = []
    for folder in ["Samples", "Tests/CaptionFormatsTests/Fixtures", "Tests/references/scc"] {
      let base = root.appendingPathComponent(folder)
      let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
      while let url = walker?.nextObject() as? URL {
        guard
          ["vtt", "srt", "ttml", "dfxp", "xml", "ass", "ssa", "scc"].contains(
            url.pathExtension.lowercased())
        else { continue }
        found.append(String(url.path.dropFirst(root.path.count + 1)))
      }
    }
    return found.sorted()
  }()

  @Test func thereAreInputsOfEveryFormat() {
    for ext in ["vtt", "srt", "ttml", "ass", "scc"] {
      #expect(Self.inputs.contains { $0.hasSuffix("." + ext) }, "no .\(ext) input")
    }
  }

  @Test(arguments: inputs)
  func whatConvertWritesValidatesWithoutParseFindings(input: String) throws {
    let folder = try TemporaryFolder()
    let path = Self.root.appendingPathComponent(input).path
    for format in ["vtt", "srt", "ttml", "ass", "scc"] {
      let output = folder.path + "/out." + format
      let convert = ToolRun(["convert", path, "-o", output])
      // Inputs that are not captions are refused and write nothing: nothing to check. Exit 1
      // is written, with errors in the input (cues the reader could not read).
      guard convert.status == 0 || convert.status == 1 else {
        #expect(convert.status == 65, "\(input): \(convert.stderr)")
        #expect(!folder.exists("out." + format))
        continue
      }
      let check = ToolRun(["validate", output, "--format", "json"])
      let report = try JSONSerialization.jsonObject(with: Data(check.stdout.utf8))
      let findings = try #require((report as? [String: Any])?["diagnostics"] as? [[String: Any]])
      let parse = findings.filter { ($0["rule"] as? String)?.hasPrefix("parse.") == true }
      #expect(
        parse.map { "\($0["rule"] ?? "") \($0["message"] ?? "")" } == [],
        "\(input) written as \(format)")
    }
  }
}
