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

  // Found by the fuzzer: an SRT file in GB18030 whose counter line of cue 2 was run into a
  // line of Han characters, read as part of cue 1 (no language tag, so nothing says the text
  // is Chinese). The line repair joins and breaks next to the Han characters without spaces.
  @Test func holdsOnUntaggedChineseTextRebroken() throws {
    let han = String(repeating: "适", count: 60)
    let text =
      "1\r\n00:00:01,000 --> 00:00:03,200\r\n[玫嫡 摹绰 家府]\r\n\r\n2\r\(han)\n"
      + "00:00:03,600 --> 00:00:06,000\r\n(固唱) 规陛 沥傈等 芭具?\r\n\r\n"
    try Self.check(Array(text.utf8), path: "untagged.srt")
  }

  // Found by the fuzzer: an SRT file with a byte order mark (so it is read as UTF-8 text)
  // and zero bytes in a cue. The fixed copy, without the mark, held the zero bytes and was
  // refused as binary data; they are written as U+FFFD.
  @Test func holdsOnAFileWithZeroBytesInACue() throws {
    let zeros = String(repeating: "\0", count: 24)
    let text =
      "\u{FEFF}1\r\n00:00:01,000 --> 00:00:03,540\r\nCa\(zeros):04,000] --> 04\(zeros)\r\n"
      + "na\u{EF}ve text\r\n"
    try Self.check(Array(text.utf8), path: "zeros.srt")
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
