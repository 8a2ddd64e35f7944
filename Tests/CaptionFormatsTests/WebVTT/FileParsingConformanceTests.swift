import CaptionCore
import Foundation
import Testing

@testable import CaptionFormats

/// The browsers' file-parsing tests: every field WPT asserts must match what the reader
/// produces; the other fields of the expected cue lists are compared too.
@Suite(.enabled(if: ConformanceSuite.isConfigured, ConformanceSuite.skipComment))
struct FileParsingConformanceTests {
  /// The names of the expected cue lists, `expected/file-parsing/<name>.json`.
  static let names: [String] = {
    guard ConformanceSuite.isConfigured,
      let files = try? ConformanceSuite.files(in: "expected/file-parsing", suffix: ".json")
    else { return [] }
    return files.map { $0.deletingPathExtension().lastPathComponent }
  }()

  static var assertedNames: [String] {
    names.filter { !$0.hasPrefix("invalid-signature--") && $0 != "regions-edge-case" }
  }

  static var invalidSignatureNames: [String] {
    names.filter { $0.hasPrefix("invalid-signature--") }
  }

  /// Reads a suite file the way the command does: decode, then read.
  static func read(_ relativePath: String) throws -> ReadResult {
    let data = try ConformanceSuite.data(relativePath)
    return WebVTTReader.read(TextDecoding.decode([UInt8](data)), path: relativePath)
  }

  static func expected(_ name: String) throws -> [String: Any] {
    let data = try ConformanceSuite.data("expected/file-parsing/\(name).json")
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func suiteHasEveryTest() throws {
    #expect(Self.assertedNames.count == 39)
    #expect(Self.invalidSignatureNames.count == 7)
  }

  @Test(arguments: assertedNames)
  func assertedFieldsMatch(name: String) throws {
    let json = try Self.expected(name)
    let file = try #require(json["file"] as? String)
    let result = try Self.read(file)
    let expectedCues = try #require(json["cues"] as? [[String: Any]])
    let expectedRegions = try #require(json["regions"] as? [[String: Any]])
    let asserted = try #require(json["wpt_asserted"] as? [String])
    let comparison = Comparison(
      track: result.track, expectedCues: expectedCues, expectedRegions: expectedRegions)
    for field in asserted {
      let mismatch = comparison.mismatch(for: field)
      #expect(mismatch == nil, "\(name): \(field): \(mismatch ?? "")")
    }
  }

  /// Fields WPT does not assert, compared too. Each case where the reader and the
  /// transcription disagree was checked against the spec; none is left.
  @Test(arguments: assertedNames + ["regions-edge-case"])
  func otherFieldsMatch(name: String) throws {
    let json = try Self.expected(name)
    let file = try #require(json["file"] as? String)
    let result = try Self.read(file)
    let expectedCues = try #require(json["cues"] as? [[String: Any]])
    let expectedRegions = try #require(json["regions"] as? [[String: Any]])
    let comparison = Comparison(
      track: result.track, expectedCues: expectedCues, expectedRegions: expectedRegions)
    #expect(comparison.mismatch(for: "cues.length") == nil, "\(name): cue count")
    for index in expectedCues.indices where index < result.track.cues.count {
      for field in Comparison.cueFields {
        let mismatch = comparison.mismatch(for: "cue[\(index)].\(field)")
        #expect(mismatch == nil, "\(name): cue[\(index)].\(field): \(mismatch ?? "")")
      }
    }
    #expect(result.track.regions.count == expectedRegions.count, "\(name): region count")
    for (index, expectedRegion) in expectedRegions.enumerated()
    where index < result.track.regions.count {
      for field in Comparison.regionFields {
        let mismatch = Comparison.regionMismatch(
          result.track.regions[index], expectedRegion, field: field)
        #expect(mismatch == nil, "\(name): regions[\(index)].\(field): \(mismatch ?? "")")
      }
    }
    let stylesheets = try #require(json["stylesheets"] as? [String])
    #expect(result.track.stylesheets == stylesheets, "\(name): stylesheets")
  }

  @Test(arguments: invalidSignatureNames)
  func invalidSignatureGivesNoCues(name: String) throws {
    let json = try Self.expected(name)
    #expect(json["valid_signature"] as? Bool == false)
    let file = try #require(json["file"] as? String)
    let result = try Self.read(file)
    #expect(result.track.cues.isEmpty)
    let errors = result.diagnostics.filter { $0.rule == "parse.webvtt" && $0.severity == .error }
    #expect(errors.count == 1)
    #expect(errors.first?.location?.line == 1)
  }
}

/// Compares a track with an expected cue list, one WPT-named field at a time.
struct Comparison {
  static let cueFields = [
    "id", "text", "startTime", "endTime", "region", "vertical", "line", "snapToLines",
    "lineAlign", "position", "positionAlign", "size", "align",
  ]
  static let regionFields = [
    "id", "width", "lines", "regionAnchorX", "regionAnchorY", "viewportAnchorX",
    "viewportAnchorY", "scroll",
  ]

  var track: Track
  var expectedCues: [[String: Any]]
  var expectedRegions: [[String: Any]]

  /// nil when the field matches, else what differs.
  func mismatch(for field: String) -> String? {
    if field == "cues.length" {
      return track.cues.count == expectedCues.count
        ? nil : "\(track.cues.count) cues, expected \(expectedCues.count)"
    }
    guard let open = field.firstIndex(of: "["), let close = field.firstIndex(of: "]"),
      let index = Int(field[field.index(after: open)..<close])
    else { return "unknown field" }
    let kind = field[..<open]
    let name = String(field[field.index(close, offsetBy: 2)...])
    if kind == "region" {
      // WPT's `region[i]` is the i-th region of the file.
      guard index < expectedRegions.count, index < track.regions.count else {
        return "no region \(index)"
      }
      return Self.regionMismatch(track.regions[index], expectedRegions[index], field: name)
    }
    guard index < expectedCues.count, index < track.cues.count else { return "no cue \(index)" }
    return cueMismatch(track.cues[index], expectedCues[index], field: name)
  }

  func cueMismatch(_ cue: Cue, _ expected: [String: Any], field: String) -> String? {
    let settings = expected["settings"] as? [String: Any] ?? [:]
    func compare<T: Equatable>(_ actual: T, _ wanted: T?) -> String? {
      actual == wanted ? nil : "got \(actual), expected \(String(describing: wanted))"
    }
    func milliseconds(_ value: Any?) -> Int64? {
      (value as? Double).map { Int64(($0 * 1000).rounded()) }
    }
    func numberOrAuto(_ actual: Double?, _ wanted: Any?) -> String? {
      if let text = wanted as? String, text == "auto" {
        return actual == nil ? nil : "got \(actual ?? 0), expected auto"
      }
      return compare(actual, wanted as? Double)
    }
    switch field {
    case "id": return compare(cue.id, expected["id"] as? String)
    case "text": return compare(cue.rawText, expected["text"] as? String)
    case "startTime": return compare(cue.start.milliseconds, milliseconds(expected["start"]))
    case "endTime": return compare(cue.end.milliseconds, milliseconds(expected["end"]))
    case "region":
      if let reference = settings["region"] as? [String: Any] {
        guard let wantedIndex = reference["index"] as? Int else { return "bad expectation" }
        guard let id = cue.settings.region,
          let actualIndex = track.regions.lastIndex(where: { $0.id == id })
        else { return "got no region, expected region \(wantedIndex)" }
        return compare(actualIndex, wantedIndex)
      }
      return cue.settings.region == nil ? nil : "got \(cue.settings.region ?? ""), expected null"
    case "vertical": return compare(cue.settings.vertical.rawValue, settings["vertical"] as? String)
    case "line": return numberOrAuto(cue.settings.line, settings["line"])
    case "snapToLines": return compare(cue.settings.snapToLines, settings["snapToLines"] as? Bool)
    case "lineAlign":
      return compare(cue.settings.lineAlign.rawValue, settings["lineAlign"] as? String)
    case "position": return numberOrAuto(cue.settings.position, settings["position"])
    case "positionAlign":
      return compare(cue.settings.positionAlign.rawValue, settings["positionAlign"] as? String)
    case "size": return compare(cue.settings.size, settings["size"] as? Double)
    case "align": return compare(cue.settings.align.rawValue, settings["align"] as? String)
    default: return "unknown field \(field)"
    }
  }

  static func regionMismatch(_ region: Region, _ expected: [String: Any], field: String)
    -> String?
  {
    func compare<T: Equatable>(_ actual: T, _ wanted: T?) -> String? {
      actual == wanted ? nil : "got \(actual), expected \(String(describing: wanted))"
    }
    switch field {
    case "id": return compare(region.id, expected["id"] as? String)
    case "width": return compare(region.width, expected["width"] as? Double)
    case "lines":
      return compare(region.lines, expected["lines"] as? Double)
    case "regionAnchorX": return compare(region.regionAnchorX, expected["regionAnchorX"] as? Double)
    case "regionAnchorY": return compare(region.regionAnchorY, expected["regionAnchorY"] as? Double)
    case "viewportAnchorX":
      return compare(region.viewportAnchorX, expected["viewportAnchorX"] as? Double)
    case "viewportAnchorY":
      return compare(region.viewportAnchorY, expected["viewportAnchorY"] as? Double)
    case "scroll": return compare(region.scroll.rawValue, expected["scroll"] as? String)
    default: return "unknown field \(field)"
    }
  }
}
