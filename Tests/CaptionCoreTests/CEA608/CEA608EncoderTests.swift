import CaptionCore
import Testing

@Suite("CEA608Encoder")
struct CEA608EncoderTests {
  private func cue(_ start: Int, _ end: Int, _ nodes: [CueNode], settings: CueSettings = .default)
    -> Cue
  {
    Cue(
      start: MediaTime(milliseconds: Int64(start)), end: MediaTime(milliseconds: Int64(end)),
      settings: settings, text: CueText(nodes: nodes), rawText: "")
  }

  /// The encoder's blocks decoded again: CC1's cues as the decoder tests describe them.
  private func decoded(_ blocks: [CEA608Encoder.Block]) -> [String] {
    var decoder = CEA608Decoder()
    for block in blocks {
      for (offset, pair) in block.pairs.enumerated() {
        decoder.decode(
          CEA608Pair(
            UInt8(pair >> 8), UInt8(pair & 0xFF), time: PairScript.time(block.frame + offset)))
      }
    }
    return decoder.finish().channels[0].cues.map(describe)
  }

  @Test func framesRoundToTheNearest() {
    #expect(CEA608Encoder.frame(of: MediaTime(milliseconds: 1000)) == 30)
    #expect(CEA608Encoder.frame(of: MediaTime(milliseconds: 1017)) == 30)
    #expect(CEA608Encoder.frame(of: MediaTime(milliseconds: 1018)) == 31)
    #expect(CEA608Encoder.frame(of: MediaTime(value: 17982 * 1001, timescale: 30000)) == 17982)
  }

  @Test func coloursItalicsAndUnderlineDecodeAsWritten() {
    let nodes: [CueNode] = [
      .element(CueElement(kind: .class, classes: ["red"], children: [.text("Red")])),
      .text(" and "),
      .element(CueElement(kind: .italic, children: [.text("it")])),
      .text("\n"),
      .element(CueElement(kind: .underline, children: [.text("under")])),
      .text(" done"),
    ]
    let settings = CEA608Decoder.settings(row: 3, column: 4)
    let (blocks, findings) = CEA608Encoder().encode([cue(2000, 4000, nodes, settings: settings)])
    #expect(findings.isEmpty)
    #expect(
      decoded(blocks) == [
        "60-120 line:20.67 position:20 <c.red>Red</c> and <i>it</i>\n<u>under</u> done"
      ])
  }

  @Test func cc2UsesTheSecondDataChannel() {
    let encoder = CEA608Encoder(channel: .cc2)
    let (blocks, _) = encoder.encode([cue(1000, 2000, [.text("Two")])])
    #expect(blocks.first?.pairs.prefix(4) == [0x1CAE, 0x1CAE, 0x1C20, 0x1C20])
    var decoder = CEA608Decoder()
    for block in blocks {
      for (offset, pair) in block.pairs.enumerated() {
        decoder.decode(
          CEA608Pair(
            UInt8(pair >> 8), UInt8(pair & 0xFF), time: PairScript.time(block.frame + offset)))
      }
    }
    #expect(decoder.finish()[.cc2].cues.map(\.rawText) == ["Two"])
  }
}
