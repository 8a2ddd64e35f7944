import CaptionBench
import Testing

@Suite struct CaptionGeneratorTests {
  @Test(arguments: CaptionFileFormat.allCases)
  func sameSeedGivesTheSameBytes(format: CaptionFileFormat) {
    let first = CaptionGenerator(cueCount: 500, format: format, seed: 42).bytes()
    let again = CaptionGenerator(cueCount: 500, format: format, seed: 42).bytes()
    let other = CaptionGenerator(cueCount: 500, format: format, seed: 43).bytes()
    #expect(first == again)
    #expect(first != other)
  }

  @Test(arguments: CaptionFileFormat.allCases)
  func chunkedOutputEqualsTheWholeFile(format: CaptionFileFormat) {
    let generator = CaptionGenerator(cueCount: 300, format: format, seed: 5)
    var chunks: [[UInt8]] = []
    generator.generate(chunkSize: 1000) { chunks.append($0) }
    #expect(chunks.count > 5)
    #expect(Array(chunks.joined()) == generator.bytes())
  }

  @Test(arguments: [0, 1, 7, 1000])
  func writesExactlyTheCuesAskedFor(count: Int) {
    let vtt = CaptionScan.webVTT(CaptionGenerator(cueCount: count, format: .vtt, seed: 9).bytes())
    let srt = CaptionScan.srt(CaptionGenerator(cueCount: count, format: .srt, seed: 9).bytes())
    #expect(vtt.cues.count == count)
    #expect(srt.cues.count == count)
    #expect(vtt.problems == [])
    #expect(srt.problems == [])
  }

  @Test func webVTTIsWellFormedAndUsesEveryFeature() {
    let bytes = CaptionGenerator(cueCount: 3000, format: .vtt, seed: 11).bytes()
    let scan = CaptionScan.webVTT(bytes)
    #expect(scan.problems == [])
    #expect(scan.cues.count == 3000)
    #expect(scan.otherBlocks == ["STYLE", "NOTE"])
    let text = scan.cues.flatMap(\.lines).joined(separator: "\n")
    for feature in ["<v ", "</v>", "<i>", "<b>", "<c.yellow>", "&amp;"] {
      #expect(text.contains(feature), "no \(feature) in the generated cues")
    }
    let withID = scan.cues.filter { $0.id != nil }.count
    let withSettings = scan.cues.filter { !$0.settings.isEmpty }.count
    #expect((450...1200).contains(withID))
    #expect((90...300).contains(withSettings))
    #expect(scan.cues.map(\.lines.count).reduce(into: Set<Int>()) { $0.insert($1) } == [1, 2, 3])
  }

  @Test func srtIsWellFormedWithCountersAndPlacement() {
    let scan = CaptionScan.srt(CaptionGenerator(cueCount: 3000, format: .srt, seed: 11).bytes())
    #expect(scan.problems == [])
    #expect(scan.cues.count == 3000)
    let text = scan.cues.flatMap(\.lines).joined(separator: "\n")
    #expect(text.contains("{\\an8}"))
    #expect(text.contains("<i>") && text.contains("<b>"))
    #expect(!text.contains("<v ") && !text.contains("<c.") && !text.contains("&amp;"))
  }

  @Test(arguments: CaptionFileFormat.allCases)
  func aboutOneCueInTenIsKoreanOrJapanese(format: CaptionFileFormat) {
    let bytes = CaptionGenerator(cueCount: 4000, format: format, seed: 3).bytes()
    let cues = format == .vtt ? CaptionScan.webVTT(bytes).cues : CaptionScan.srt(bytes).cues
    func has(_ cue: CaptionScan.Cue, _ scalars: ClosedRange<UInt32>) -> Bool {
      cue.lines.contains { $0.unicodeScalars.contains { scalars.contains($0.value) } }
    }
    let korean = cues.filter { has($0, 0xAC00...0xD7A3) }.count
    let japanese = cues.filter { has($0, 0x3040...0x30FF) || has($0, 0x4E00...0x9FFF) }.count
    #expect((120...280).contains(korean), "\(korean) Korean cues of 4000")
    #expect((120...280).contains(japanese), "\(japanese) Japanese cues of 4000")
  }

  @Test func styleFreeCopyDiffersOnlyByTheStyleBlock() {
    let styled = CaptionGenerator(cueCount: 200, format: .vtt, seed: 8).bytes()
    let plain = CaptionGenerator(cueCount: 200, format: .vtt, seed: 8, includeStyle: false)
      .bytes()
    // Cut the STYLE block (up to and including its blank line) out of the styled file.
    let blocks = String(decoding: styled, as: UTF8.self).split(
      separator: "\n\n", omittingEmptySubsequences: false)
    #expect(blocks.filter { $0.hasPrefix("STYLE\n") }.count == 1)
    let cut = blocks.filter { !$0.hasPrefix("STYLE\n") }.joined(separator: "\n\n")
    #expect(Array(cut.utf8) == plain)
    #expect(CaptionScan.webVTT(plain).otherBlocks == ["NOTE"])
  }

  @Test func cuesAverageAboutNinetyBytes() {
    for format in CaptionFileFormat.allCases {
      let bytes = CaptionGenerator(cueCount: 5000, format: format, seed: 1).bytes()
      #expect((70...110).contains(bytes.count / 5000), "\(bytes.count / 5000) bytes a cue")
    }
  }
}
