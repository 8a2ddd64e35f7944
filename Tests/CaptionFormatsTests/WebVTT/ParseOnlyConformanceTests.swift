import CaptionCore
import Foundation
import Testing

@testable import CaptionFormats

/// WPT's rendering inputs (and `regions-edge-case`): no expected cue list, so each must parse
/// without a crash and give every cue an independent, simpler scan finds.
@Suite(.enabled(if: ConformanceSuite.isConfigured, ConformanceSuite.skipComment))
struct ParseOnlyConformanceTests {
  static let files: [String] = {
    guard ConformanceSuite.isConfigured, let root = try? ConformanceSuite.root() else { return [] }
    let base = root.appendingPathComponent("parse-only")
    guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
    var found: [String] = []
    while let path = walker.nextObject() as? String {
      if path.hasSuffix(".vtt") { found.append("parse-only/" + path) }
    }
    return found.sorted()
  }()

  @Test func suiteHasEveryInput() {
    #expect(Self.files.count == 88)
  }

  @Test(arguments: files + ["file-parsing/regions-edge-case.vtt"])
  func everyCueIsRecovered(path: String) throws {
    let data = try ConformanceSuite.data(path)
    let result = WebVTTReader.read(TextDecoding.decode([UInt8](data)), path: path)
    let text = String(decoding: data, as: UTF8.self)
    let expected = Self.acceptedTimingLines(text)
    #expect(expected > 0)
    #expect(result.track.cues.count == expected)
    for cue in result.track.cues {
      #expect(cue.location != nil)
    }
  }

  /// Counts the timing lines the parsing algorithm accepts, by a different route: split the
  /// text into blocks (at blank lines, and before a "-->" line that cannot belong to the
  /// block), take the first or second line of each block that has "-->", and match it against
  /// a regular expression of the timestamp rules.
  static func acceptedTimingLines(_ text: String) -> Int {
    let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\r", with: "\n")
    var lines = normalized.components(separatedBy: "\n")
    guard let first = lines.first, first.hasPrefix("WEBVTT") || first.hasPrefix("\u{FEFF}WEBVTT")
    else { return 0 }
    lines.removeFirst()
    // The header: lines right after the signature, up to a blank line or a "-->" line.
    while let line = lines.first, !line.isEmpty, !line.contains("-->") { lines.removeFirst() }
    let timestamp = #"(?:(\d+):)?(\d{2}):(\d{2})\.\d{3}"#
    let pattern = try? NSRegularExpression(
      pattern: #"^[ \t\f]*"# + timestamp + #"[ \t\f]*-->[ \t\f]*"# + timestamp)
    var count = 0
    var block: [String] = []
    func finish() {
      defer { block = [] }
      let candidates = block.prefix(2)
      guard let line = candidates.first(where: { $0.contains("-->") }), let pattern else { return }
      let range = NSRange(line.startIndex..., in: line)
      guard let match = pattern.firstMatch(in: line, range: range) else { return }
      func number(_ group: Int) -> Int? {
        guard let range = Range(match.range(at: group), in: line) else { return nil }
        return Int(line[range])
      }
      // Minutes and seconds of both timestamps are at most 59.
      for group in [2, 3, 5, 6] {
        if let value = number(group), value > 59 { return }
      }
      count += 1
    }
    for line in lines {
      if line.isEmpty {
        finish()
        continue
      }
      // A "-->" line past a block's identifier and timing lines starts the next block.
      if line.contains("-->"),
        block.count >= 2 || (block.count == 1 && block[0].contains("-->"))
      {
        finish()
      }
      block.append(line)
    }
    finish()
    return count
  }
}
