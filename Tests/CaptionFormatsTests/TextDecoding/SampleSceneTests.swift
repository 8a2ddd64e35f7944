import CaptionCore
import CaptionFormats
import Foundation
import Testing

/// The legacy-encoded SRT files of `Samples/scene/` decode, with or without the language in
/// their names, to the same text as the UTF-8 WebVTT files next to them.
@Suite("Samples/scene encodings")
struct SampleSceneTests {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Samples/scene")

  /// The cue texts of a sample: the lines after each timing line, speaker markup removed.
  func cueLines(_ text: String) -> [String] {
    let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
    var result: [String] = []
    for block in normalized.components(separatedBy: "\n\n") {
      let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      guard let timing = lines.firstIndex(where: { $0.contains("-->") }) else { continue }
      for line in lines[(timing + 1)...] where !line.isEmpty {
        var stripped = line
        if stripped.hasPrefix("<v "), let end = stripped.firstIndex(of: ">") {
          stripped = String(stripped[stripped.index(after: end)...])
        } else if stripped.hasPrefix("("), let end = stripped.firstIndex(of: ")"),
          stripped.index(after: end) < stripped.endIndex
        {
          stripped = String(stripped[stripped.index(end, offsetBy: 2)...])
        }
        result.append(stripped)
      }
    }
    return result
  }

  @Test(arguments: [("scene.ko.srt", TextEncoding.cp949), ("scene.ar.srt", .windows1256)])
  func legacySRTMatchesTheWebVTT(_ name: String, _ encoding: TextEncoding) throws {
    let sidecar = try #require(SidecarName(fileName: name, mediaFileName: "scene.mp4"))
    let bytes = [UInt8](try Data(contentsOf: SampleSceneTests.folder.appendingPathComponent(name)))
    let decoded = TextDecoding.decode(bytes, language: sidecar.language, file: name)
    #expect(decoded.encoding == encoding)
    #expect(decoded.diagnostics.map(\.severity) == [.warning])
    let language = try #require(sidecar.language)
    #expect(
      decoded.diagnostics.first?.message
        == "file is not UTF-8; decoded as \(encoding.rawValue) (guessed from the content and "
        + "language \(language), confidence 0.99)")
    // The content alone is enough.
    let unnamed = TextDecoding.decode(bytes)
    #expect(unnamed.encoding == encoding)
    #expect(unnamed.utf8 == decoded.utf8)
    let vttName = "\(sidecar.baseName).\(language).vtt"
    let vtt = try String(
      contentsOf: SampleSceneTests.folder.appendingPathComponent(vttName), encoding: .utf8)
    let srtLines = cueLines(String(decoding: decoded.utf8, as: UTF8.self))
    #expect(srtLines.count == 10)
    #expect(srtLines == cueLines(vtt))
  }

  @Test func everyLanguageHasTheSameTimings() throws {
    var timings: [[String]] = []
    for language in ["en", "ko", "ja", "ar"] {
      let text = try String(
        contentsOf: SampleSceneTests.folder.appendingPathComponent("scene.\(language).vtt"),
        encoding: .utf8)
      timings.append(text.split(separator: "\n").filter { $0.contains("-->") }.map(String.init))
    }
    #expect(timings[0].count == 8)
    #expect(timings.allSatisfy { $0 == timings[0] })
  }
}
