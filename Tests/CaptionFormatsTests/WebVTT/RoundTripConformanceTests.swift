import CaptionCore
import CaptionFormats
import Foundation
import Testing

/// Read → write → read gives the same model: ids, times, settings, regions, style sheets and
/// text trees (not `rawText` or `location`, which describe the source file).
@Suite struct RoundTripConformanceTests {
  /// True once `WebVTTReader` reads cues; until then whole-file round trips cannot run.
  static let readerReadsCues =
    WebVTTReader.read("WEBVTT\n\n00:00.000 --> 00:01.000\nx").track.cues.count == 1
  static let readerComment: Comment =
    "WebVTTReader returns no cues yet: whole-file round trips run once it reads files"

  // MARK: Hand-built tracks

  /// A named track for parameterized tests.
  struct Sample: Sendable, CustomTestStringConvertible {
    var name: String
    var track: Track
    var testDescription: String { name }
  }

  @Test(arguments: samples)
  func handBuiltCueTextsRoundTrip(_ sample: Sample) {
    for (index, cue) in sample.track.cues.enumerated() {
      let written = CueTextSerializer.string(cue.text)
      let read = CueTextParser.parse(written, cueRange: cue.range)
      #expect(read.diagnostics.isEmpty, "cue \(index + 1) of \(sample.name): \(written)")
      #expect(
        Normalized(read.text) == Normalized(cue.text), "cue \(index + 1) of \(sample.name)")
    }
  }

  @Test(arguments: samples)
  func handBuiltTracksWriteWithoutLoss(_ sample: Sample) {
    var bytes: [UInt8] = []
    #expect(WebVTTWriter.write(sample.track, into: &bytes).isEmpty)
  }

  @Test(.enabled(if: readerReadsCues, readerComment), arguments: samples)
  func handBuiltTracksRoundTrip(_ sample: Sample) {
    let written = WebVTTWriter.string(sample.track)
    let read = WebVTTReader.read(written)
    Self.expectSameModel(read.track, sample.track, sample.name)
    #expect(read.diagnostics.isEmpty, "\(sample.name): \(read.diagnostics.map(\.message))")
  }

  /// Random markup soup: whatever tree the parser makes of it, writing that tree and parsing
  /// it again gives the same tree.
  @Test func parsedTreesOfRandomTextRoundTrip() {
    let alphabet = Array("<<<>>&&//..  \n\tcibuvrtlangy01:;#xé-")
    var generator = SeededGenerator(seed: 0x5EED)
    var checked = 0
    var trees = 0
    for _ in 0..<3_000 {
      let length = Int.random(in: 0..<40, using: &generator)
      let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
      let tree = CueTextParser.parse(text).text
      var bytes: [UInt8] = []
      let losses = CueTextSerializer.serialize(tree, into: &bytes)
      // Class names may hold `&` and `<` when read, but are written without them.
      if losses.contains(where: { if case .className = $0 { true } else { false } }) { continue }
      #expect(losses.isEmpty, "\(text.debugDescription)")
      let written = String(decoding: bytes, as: UTF8.self)
      let again = CueTextParser.parse(written).text
      #expect(
        Normalized(again) == Normalized(tree),
        "\(text.debugDescription) written as \(written.debugDescription)")
      checked += 1
      if tree.plainString == nil { trees += 1 }
    }
    #expect(checked > 2_000)
    #expect(trees > 500)
  }

  // MARK: The conformance suite

  /// Every valid input of the suite: `file-parsing/*.vtt` (the invalid signatures are in a
  /// folder of their own) and `parse-only/**/*.vtt`, relative to the suite.
  static func suiteFiles() throws -> [String] {
    let root = try ConformanceSuite.root()
    var files = try ConformanceSuite.files(in: "file-parsing", suffix: ".vtt").map {
      "file-parsing/" + $0.lastPathComponent
    }
    let parseOnly = root.appendingPathComponent("parse-only").path
    guard let enumerator = FileManager.default.enumerator(atPath: parseOnly) else {
      throw ConformanceSuite.Missing(path: parseOnly)
    }
    var nested: [String] = []
    while let path = enumerator.nextObject() as? String {
      if path.hasSuffix(".vtt") { nested.append("parse-only/" + path) }
    }
    files += nested.sorted()
    return files
  }

  static let files: [String] =
    ConformanceSuite.isConfigured && readerReadsCues ? ((try? suiteFiles()) ?? []) : []

  @Test(.enabled(if: ConformanceSuite.isConfigured, ConformanceSuite.skipComment))
  func suiteHasEveryValidFile() throws {
    #expect(try Self.suiteFiles().count == 40 + 88)
  }

  @Test(
    .enabled(if: ConformanceSuite.isConfigured, ConformanceSuite.skipComment),
    .enabled(if: readerReadsCues, readerComment), arguments: files)
  func suiteFileRoundTrips(_ path: String) throws {
    let bytes = [UInt8](try ConformanceSuite.data(path))
    let first = WebVTTReader.read(TextDecoding.decode(bytes), path: path).track
    var written: [UInt8] = []
    let lossy = WebVTTWriter.write(first, into: &written)
    // Left out on purpose, and only these: a region without an id (no cue can use it).
    #expect(
      lossy.allSatisfy { $0.message.hasSuffix("has no id, so no cue can use it; left out") },
      "\(path): \(lossy.map(\.message))")
    let second = WebVTTReader.read(DecodedText(utf8: written), path: path).track
    // Header lines under the WEBVTT line are written in a NOTE block (WebVTT has no header
    // lines), which a reader skips; the rest of the WEBVTT line stays.
    var expected = first
    expected.header = Array(first.header.prefix(1))
    expected.regions = first.regions.filter { !$0.id.isEmpty }
    Self.expectSameModel(second, expected, path)
    #expect(
      first.header.count < 2
        || String(decoding: written, as: UTF8.self).contains(
          "\n\nNOTE\n" + first.header.dropFirst().filter { !$0.isEmpty }.joined(separator: "\n")),
      "\(path): header lines in a NOTE block")
  }

  // MARK: Comparing models

  static func expectSameModel(_ actual: Track, _ expected: Track, _ name: String) {
    // A header of only an empty signature rest (`[""]`) says nothing more than none.
    #expect(
      (actual.header == [""] ? [] : actual.header)
        == (expected.header == [""] ? [] : expected.header), "header of \(name)")
    #expect(actual.regions == expected.regions, "regions of \(name)")
    #expect(actual.stylesheets == expected.stylesheets, "style sheets of \(name)")
    #expect(actual.cues.count == expected.cues.count, "cue count of \(name)")
    for (index, (read, original)) in zip(actual.cues, expected.cues).enumerated() {
      let label = "cue \(index + 1) of \(name)"
      #expect(read.id == original.id, "\(label)")
      #expect(read.start == original.start, "\(label)")
      #expect(read.end == original.end, "\(label)")
      #expect(read.settings == original.settings, "\(label)")
      #expect(Normalized(read.text) == Normalized(original.text), "\(label)")
    }
  }
}

/// A text tree with adjacent text nodes joined and empty ones dropped: WebVTT writes
/// `a` `b` as `ab`, so two trees that differ only there are the same cue text.
struct Normalized: Equatable, CustomStringConvertible {
  var nodes: [CueNode]

  init(_ text: CueText) {
    nodes = Self.normalize(text.nodes, depth: 0)
  }

  /// Trees come from the parser or from the samples, so their depth is bounded by
  /// `CueText.maximumDepth`; deeper levels are compared as they are.
  private static func normalize(_ nodes: [CueNode], depth: Int) -> [CueNode] {
    var result: [CueNode] = []
    for node in nodes {
      switch node {
      case .text(let string):
        if string.isEmpty { continue }
        if case .text(let previous)? = result.last {
          result[result.count - 1] = .text(previous + string)
        } else {
          result.append(node)
        }
      case .timestamp: result.append(node)
      case .element(var element):
        if depth < CueText.maximumDepth {
          element.children = normalize(element.children, depth: depth + 1)
        }
        result.append(.element(element))
      }
    }
    return result
  }

  var description: String { CueTextSerializer.string(CueText(nodes: nodes)) }
}

// MARK: Samples

private func ms(_ value: Int64) -> MediaTime { MediaTime(milliseconds: value) }

private func element(
  _ kind: CueElement.Kind, _ classes: [String] = [], _ annotation: String? = nil,
  _ children: CueNode...
) -> CueNode {
  .element(CueElement(kind: kind, classes: classes, annotation: annotation, children: children))
}

private func cue(
  _ id: String = "", _ start: Int64, _ end: Int64, _ nodes: [CueNode],
  settings: CueSettings = .default
) -> Cue {
  let text = CueText(nodes: nodes)
  return Cue(
    id: id, start: ms(start), end: ms(end), settings: settings, text: text,
    rawText: CueTextSerializer.string(text))
}

extension RoundTripConformanceTests {
  static let samples: [Sample] = [
    Sample(
      name: "plain cues with ids",
      track: Track(
        format: .webvtt,
        cues: [
          cue("1", 0, 1_000, [.text("Hello")]),
          cue("crédit de transcription", 1_000, 2_000, [.text("Two\nlines")]),
          cue("", 2_000, 3_000, []),
          cue("-- not an arrow ->", 3_000, 4_000, [.text("Still a cue")]),
          cue("", 359_999_999, 360_000_000_000, [.text("A hundred hours later")]),
        ])),
    Sample(
      name: "escapes",
      track: Track(
        format: .webvtt,
        cues: [
          cue("", 0, 1_000, [.text("Tom & Jerry <3 --> a > b &amp; \u{A0}")]),
          cue("", 1_000, 2_000, [.text("&lt;i&gt; is not a tag")]),
        ])),
    Sample(
      name: "every tag",
      track: Track(
        format: .webvtt,
        cues: [
          cue(
            "", 0, 5_000,
            [
              element(
                .voice, ["first", "loud"], "Esme Weatherwax", .text("It's a "),
                element(.class, ["yellow", "big"], nil, .text("blue")), .text(" "),
                element(.italic, [], nil, .text("apple")), .text(" "),
                element(.bold, ["x"], nil, element(.underline, [], nil, .text("tree")))),
              .text("\n"),
              element(.language, [], "en-GB", .text("colour")),
              element(
                .ruby, [], nil, .text("漢"), element(.rubyText, [], nil, .text("kan")),
                .text("字"), element(.rubyText, ["small"], nil, .text("ji"))),
              element(.voice, [], "Tom & Jerry", .text("together")),
            ]),
          cue(
            "karaoke", 10_000, 14_000,
            [
              .text("One "), .timestamp(ms(11_000)), .text("two "), .timestamp(ms(12_000)),
              element(.class, ["sung"], nil, .text("three")), .timestamp(ms(13_500)),
            ]),
        ])),
    Sample(
      name: "settings",
      track: Track(
        format: .webvtt,
        cues: [
          cue("", 0, 1_000, [.text("a")], settings: CueSettings(vertical: .rl)),
          cue("", 0, 1_000, [.text("b")], settings: CueSettings(vertical: .lr, line: -1)),
          cue("", 0, 1_000, [.text("c")], settings: CueSettings(line: 3, lineAlign: .center)),
          cue(
            "", 0, 1_000, [.text("d")],
            settings: CueSettings(line: 12.5, snapToLines: false, lineAlign: .end)),
          cue("", 0, 1_000, [.text("e")], settings: CueSettings(position: 50.5)),
          cue(
            "", 0, 1_000, [.text("f")],
            settings: CueSettings(position: 0, positionAlign: .lineLeft)),
          cue(
            "", 0, 1_000, [.text("g")],
            settings: CueSettings(position: 100, positionAlign: .center)),
          cue(
            "", 0, 1_000, [.text("h")],
            settings: CueSettings(position: 90, positionAlign: .lineRight)),
          cue("", 0, 1_000, [.text("i")], settings: CueSettings(size: 33.25)),
          cue("", 0, 1_000, [.text("huge")], settings: CueSettings(line: 1.7976931348623157e308)),
          cue(
            "", 0, 1_000, [.text("tiny")],
            settings: CueSettings(line: .leastNonzeroMagnitude, snapToLines: false)),
          cue("", 0, 1_000, [.text("j")], settings: CueSettings(align: .start)),
          cue("", 0, 1_000, [.text("k")], settings: CueSettings(align: .end)),
          cue("", 0, 1_000, [.text("l")], settings: CueSettings(align: .left)),
          cue("", 0, 1_000, [.text("m")], settings: CueSettings(align: .right)),
          cue(
            "", 0, 1_000, [.text("n")],
            settings: CueSettings(
              vertical: .rl, line: 0, snapToLines: false, lineAlign: .start, position: 25,
              positionAlign: .lineLeft, size: 50, align: .left)),
        ])),
    Sample(
      name: "regions and style sheets",
      track: Track(
        format: .webvtt,
        cues: [
          cue("", 0, 1_000, [.text("in fred")], settings: CueSettings(region: "fred")),
          cue("", 1_000, 2_000, [.text("in bill")], settings: CueSettings(region: "bill")),
          cue(
            "", 2_000, 3_000, [.text("positioned in fred")],
            settings: CueSettings(region: "fred", line: 2, size: 50)),
        ],
        stylesheets: ["::cue {\n  color: papayawhip;\n}", "::cue(b) { color: peachpuff; }"],
        regions: [
          Region(
            id: "fred", width: 40, lines: 4, regionAnchorX: 0.5, regionAnchorY: 99,
            viewportAnchorX: 10, viewportAnchorY: 90, scroll: .up),
          Region(id: "bill", lines: 0),
          Region(id: "unused"),
        ],
        header: ["- Interview"])),
  ]
}

extension Cue {
  fileprivate var range: TimeRange { TimeRange(start: start, end: end) }
}

/// A small deterministic random number generator (SplitMix64), so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
