import CaptionKit
import CaptionTestSupport
import Foundation
import Testing

/// What `fix` promises, on every caption file of the repository (the samples and the
/// encoding fixtures), on the WebVTT conformance suite's files when it is there, and on
/// seeded random tracks: the words are kept, fixing twice writes what fixing once wrote, and
/// what the repaired rules still find on the output is explained by a repair that could not
/// be made.
struct FixInvariantTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let captionExtensions: Set<String> = ["vtt", "srt", "ttml", "dfxp", "ass", "ssa", "scc"]

  /// The caption files under `folder` of the repository, sorted.
  static func files(under folder: String) -> [URL] {
    let root = repository.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
    var found: [URL] = []
    while let name = walker.nextObject() as? String {
      let url = root.appendingPathComponent(name)
      if captionExtensions.contains(url.pathExtension.lowercased()) { found.append(url) }
    }
    return found.sorted { $0.path < $1.path }
  }

  static let fixtures: [URL] =
    files(under: "Samples") + files(under: "Tests/CaptionFormatsTests/Fixtures")

  @Test func thereAreFixtures() {
    #expect(Self.fixtures.count >= 30)
  }

  @Test(arguments: fixtures)
  func holdsOnTheRepositorysCaptionFile(_ url: URL) throws {
    try Self.check(Array(try Data(contentsOf: url)), path: url.path)
  }

  @Test(
    .enabled(
      if: !(ProcessInfo.processInfo.environment["CAPTIONKIT_WEBVTT_WPT"] ?? "").isEmpty,
      "WebVTT conformance suite not run: set CAPTIONKIT_WEBVTT_WPT to its folder"))
  func holdsOnTheConformanceSuitesFiles() throws {
    let root = ProcessInfo.processInfo.environment["CAPTIONKIT_WEBVTT_WPT"] ?? ""
    let walker = try #require(FileManager.default.enumerator(atPath: root))
    var count = 0
    while let name = walker.nextObject() as? String {
      guard name.hasSuffix(".vtt") else { continue }
      let path = root + "/" + name
      try Self.check(Array(try Data(contentsOf: URL(fileURLWithPath: path))), path: path)
      count += 1
    }
    #expect(count >= 100)
  }

  @Test func holdsOnSeededRandomTracks() throws {
    var generator = SeededGenerator(seed: 0x5EED_F1C5)
    let words = [
      "the", "lighthouse", "keeper", "said,", "and", "then", "we", "walked", "home.", "No!",
      "Why?", "because", "of", "a", "storm", "that", "night", "<i>quietly</i>", "-",
      "extraordinarily", "I", "know", "what", "you", "mean",
    ]
    for round in 0..<150 {
      var text = "WEBVTT\n\n"
      var time = Int(generator.next() % 3000)
      for _ in 0..<Int(1 + generator.next() % 12) {
        let start = time + Int(generator.next() % 2000) - 600
        let length = Int(generator.next() % 5000) - 300
        var cue: [String] = []
        for _ in 0..<Int(1 + generator.next() % 24) {
          cue.append(words[Int(generator.next() % UInt64(words.count))])
        }
        if generator.next() % 5 == 0 { cue.insert("<i>", at: 0) }
        let lines = cue.joined(separator: " ").replacingOccurrences(of: " - ", with: "\n- ")
        text += "\(stamp(max(0, start))) --> \(stamp(max(0, start + length)))\n\(lines)\n\n"
        time = start + max(0, length) + Int(generator.next() % 1500)
      }
      try Self.check(Array(text.utf8), path: "random-\(round).vtt")
    }
  }

  /// Inputs the fuzzer found the promises broken on, by the file name they are read as.
  static let foundByTheFuzzer: [String: String] = [
    // An SRT file in GB18030 whose counter line of cue 2 was run into a line of Han
    // characters, read as part of cue 1 (no language tag says the text is Chinese). The line
    // repair joins and breaks next to the Han characters without spaces.
    "untagged.srt": "1\r\n00:00:01,000 --> 00:00:03,200\r\n[玫嫡 摹绰 家府]\r\n\r\n2\r"
      + String(repeating: "适", count: 60)
      + "\n00:00:03,600 --> 00:00:06,000\r\n(固唱) 规陛 沥傈等 芭具?\r\n\r\n",
    // An SRT file with a byte order mark (so it is read as UTF-8 text) and zero bytes in a
    // cue. The fixed copy, without the mark, held the zero bytes and was refused as binary
    // data; they are now read as U+FFFD.
    "zeros.srt": "\u{FEFF}1\r\n00:00:01,000 --> 00:00:03,540\r\nCa"
      + String(repeating: "\0", count: 24) + ":04,000] --> 04"
      + String(repeating: "\0", count: 24) + "\r\nna\u{EF}ve text\r\n",
  ]

  @Test(arguments: foundByTheFuzzer.keys.sorted())
  func holdsOnWhatTheFuzzerFound(_ name: String) throws {
    try Self.check(Array((Self.foundByTheFuzzer[name] ?? "").utf8), path: name)
  }

  // Found by the fuzzer: a cue whose text holds what looks like a timing line. Split at a
  // word boundary, its second part began with `00:00:22,0022,400 --> …`, which SRT reads as
  // a timing line that cannot be read: the part was dropped with its words. The lines are
  // then left as they were, and that is reported.
  @Test func leavesTheLinesWhenRebreakingWouldMakeATimingLine() throws {
    let text =
      "1\r\n00:00:12,400 --> 00:00:14,600\r\n(레오) 줍에 초 있푪iming.out-of-order00 --> 00 --> "
      + "00:00:22,0022,400 --> 00:00:24,500\r\n(미나) 좋아. 너부터 해.\r\n"
    let bytes = Array(text.utf8)
    try Self.check(bytes, path: "timing-text.srt")
    let reader = CaptionFileReader()
    let input = try reader.read(bytes: bytes, path: "timing-text.srt")
    let format = try #require(FormatRegistry.entry(for: input.track.format))
    let once = CaptionFix(profile: .standard, frameRate: 25).run(
      input, inputBytes: bytes, format: format, outputPath: "timing-text.srt")
    #expect(
      once.changes.filter { !$0.fixed && $0.message.hasPrefix("left the lines") }.map(\.rule)
        == ["readability.line-length", "readability.line-count"])
    #expect(try reader.read(bytes: once.bytes, path: "timing-text.srt").track.cues.count == 1)
  }

  private func stamp(_ milliseconds: Int) -> String {
    let hours = milliseconds / 3_600_000
    let minutes = milliseconds / 60_000 % 60
    let seconds = milliseconds / 1000 % 60
    let rest = milliseconds % 1000
    return [hours, minutes, seconds].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
      + "." + String(rest + 1000).dropFirst()
  }

  /// Fixes `bytes` read as the file `path`, written in its own format, and checks the
  /// three promises.
  static func check(_ bytes: [UInt8], path: String) throws {
    let reader = CaptionFileReader()
    guard let input = try? reader.read(bytes: bytes, path: path), !input.isRejected,
      let format = FormatRegistry.entry(for: input.track.format), format.canWrite
    else { return }
    let fix = CaptionFix(profile: .standard, frameRate: 25)
    let once = fix.run(input, inputBytes: bytes, format: format, outputPath: path)
    let written = try reader.read(bytes: once.bytes, path: path)

    // The words of each cue, in its parts in the order written.
    if once.losses.isEmpty {
      let changed = FixInvariants.cuesWithChangedWords(
        input: input.track, written: written.track, origins: once.origins)
      #expect(
        changed != nil,
        "\(path): \(once.origins.count) origins for \(written.track.cues.count) cues")
      for index in changed ?? [] {
        Issue.record("\(path): the words of cue \(index + 1) changed")
      }
    }

    // Fixing again writes the same bytes.
    let twice = fix.run(written, inputBytes: once.bytes, format: format, outputPath: path)
    let onceText = String(decoding: once.bytes, as: UTF8.self)
    let twiceText = String(decoding: twice.bytes, as: UTF8.self)
    #expect(
      twice.bytes == once.bytes,
      "\(path): fixed twice differs:\n\(UnifiedDiff.make(old: onceText, new: twiceText, oldName: "once", newName: "twice"))"
    )

    // What is left is explained.
    for finding in once.remaining {
      #expect(
        once.changes.contains { !$0.fixed && $0.rule == finding.rule },
        "\(path): \(finding.rule) is left unexplained: \(finding.message)")
    }
  }

}
