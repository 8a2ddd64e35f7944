import CaptionCore
import CaptionFormats
import Testing

/// SRT → model → SRT, and SRT → model → WebVTT.
@Suite struct SRTConversionTests {
  private func capability() throws -> Track {
    let bytes = try SRTTestSupport.sample("capability.srt")
    return SRTReader.read(TextDecoding.decode(bytes), path: "capability.srt").track
  }

  /// The fields a conversion must keep (the source location and raw text change).
  private func essentials(_ cues: [Cue]) -> [String] {
    cues.map { "\($0.id) \($0.start) \($0.end) \($0.settings) \($0.text.dump)" }
  }

  @Test func roundTripsTheCapabilitySample() throws {
    let track = try capability()
    var bytes: [UInt8] = []
    #expect(SRTWriter.write(track, into: &bytes).isEmpty)
    let again = SRTReader.read(DecodedText(utf8: bytes))
    #expect(again.diagnostics.isEmpty)
    #expect(essentials(again.track.cues) == essentials(track.cues))
    var rewritten: [UInt8] = []
    SRTWriter.write(again.track, into: &rewritten)
    #expect(rewritten == bytes)
  }

  @Test func writesTheCapabilitySampleAsItWasWrittenButForColourNames() throws {
    let original = String(decoding: try SRTTestSupport.sample("capability.srt"), as: UTF8.self)
    let written = SRTWriter.string(try capability())
    #expect(
      written
        == original.replacingOccurrences(of: "color=\"red\"", with: "color=\"#ff0000\"")
        .replacingOccurrences(of: "#FF8800", with: "#ff8800") + "\n")
  }

  @Test func repairsTheBrokenSampleIntoCleanSRT() throws {
    let bytes = try SRTTestSupport.sample("broken.srt")
    let track = SRTReader.read(TextDecoding.decode(bytes)).track
    var written: [UInt8] = []
    #expect(SRTWriter.write(track, into: &written).isEmpty)
    let again = SRTReader.read(DecodedText(utf8: written))
    #expect(again.diagnostics.isEmpty)
    #expect(again.track.cues.map(\.id) == (1...7).map(String.init))
    #expect(again.track.cues.map(\.text) == track.cues.map(\.text))
    #expect(again.track.cues.map(\.range) == track.cues.map(\.range))
  }

  @Test func givesWebVTTTheModelItNeeds() throws {
    let cues = try capability().cues
    let kinds = cues[2].text.nodes.compactMap { node -> CueElement.Kind? in
      if case .element(let element) = node { return element.kind }
      return nil
    }
    #expect(kinds == [.italic, .bold, .underline])
    #expect(kinds.map(\.rawValue) == ["i", "b", "u"])
    #expect(cues[6].settings.line == 0)
    #expect(cues[6].settings.snapToLines)
    #expect(cues[6].settings.lineAlign == .start)
    #expect(cues[6].settings.align == .center)
    #expect(cues[6].settings.region == nil)
    // Every class is a valid WebVTT class name: no space, '.', '<', '>' or '&'.
    var classes: [String] = []
    for cue in cues {
      for node in cue.text.nodes {
        if case .element(let element) = node { classes += element.classes }
      }
    }
    #expect(classes == ["yellow", "color-ff8800", "red"])
    #expect(classes.allSatisfy { !$0.contains(where: { " .<>&".contains($0) }) })
    // The `&` of SRT is text, which WebVTT must escape when it writes it.
    #expect(cues[3].text.visibleText == "Bold italic & a literal ampersand")
  }

  /// Needs the WebVTT writer (a placeholder that writes only the signature until it lands).
  @Test func writesTheCapabilitySampleAsWebVTT() throws {
    var track = try capability()
    track.format = .webvtt
    let vtt = WebVTTWriter.string(track)
    #expect(vtt.hasPrefix("WEBVTT"))
    #expect(
      vtt.contains(
        "00:00:06.500 --> 00:00:08.500\n<i>Italic</i>, <b>bold</b> and <u>underlined</u>\n"))
    #expect(vtt.contains("00:00:14.500 --> 00:00:16.000 line:0\nAt the top of the picture\n"))
    #expect(vtt.contains("<b><i>Bold italic</i></b> &amp; a literal ampersand\n"))
    #expect(vtt.contains("<c.yellow>Yellow</c> and <c.color-ff8800>orange</c>\n"))
  }

  /// SRT's `\N` and `\h` reach WebVTT and SRT as the line break and the space they stand for,
  /// never copied as they were written.
  @Test func writesASSEscapesAsTheBreaksTheyStandFor() throws {
    let source = #"""
      1
      00:00:01,000 --> 00:00:02,000
      Hello\Nworld\hnow

      2
      00:00:03,000 --> 00:00:04,000
      <i>One\Ntwo</i> {\an8}

      """#
    var track = SRTReader.read(source).track
    #expect(
      SRTWriter.string(track)
        == "1\n00:00:01,000 --> 00:00:02,000\nHello\nworld\u{A0}now\n\n"
        + "2\n00:00:03,000 --> 00:00:04,000\n{\\an8}<i>One\ntwo</i> \n\n")
    track.format = .webvtt
    let vtt = WebVTTWriter.string(track)
    #expect(vtt.contains("00:00:01.000 --> 00:00:02.000\nHello\nworld\u{A0}now\n"))
    #expect(vtt.contains("00:00:03.000 --> 00:00:04.000 line:0\n<i>One\ntwo</i> \n"))
  }
}
