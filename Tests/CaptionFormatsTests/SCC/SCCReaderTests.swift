import CaptionCore
import CaptionFormats
import Testing

/// Words of an SCC file for ASCII text: two characters a word, odd parity set, the last one
/// padded with `80`.
func sccWords(_ text: String) -> String {
  var bytes = Array(text.utf8)
  if bytes.count % 2 == 1 { bytes.append(0) }
  func parity(_ byte: UInt8) -> UInt8 {
    byte.nonzeroBitCount % 2 == 1 ? byte : byte | 0x80
  }
  let digits = Array("0123456789abcdef")
  var words: [String] = []
  for index in stride(from: 0, to: bytes.count, by: 2) {
    let pair = [parity(bytes[index]), parity(bytes[index + 1])]
    words.append(String(pair.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }))
  }
  return words.joined(separator: " ")
}

/// The time of frame `number` at 29.97 frames per second, to the millisecond.
func frame(_ number: Int) -> MediaTime {
  MediaTime(value: Int64(number) * 1001, timescale: 30000).converted(to: 1000)
}

/// What `SCCReader` reads of Scenarist SCC files, and the `parse.scc` finding for each problem.
@Suite struct SCCReaderTests {
  private func summaries(_ result: ReadResult) -> [String] { result.diagnostics.map(\.summary) }

  @Test func readsAPopOnCaptionAtItsFrames() throws {
    let result = SCCReader.read(
      """
      Scenarist_SCC V1.0

      00:00:01;00\t9420 9420 94ae 94ae 9470 9470 \(sccWords("Hello")) 942f 942f

      00:00:03;00\t942c 942c

      """, path: "t.scc")
    #expect(result.diagnostics.isEmpty)
    #expect(result.track.format == .scc)
    let cue = try #require(result.track.cues.first)
    #expect(result.track.cues.count == 1)
    #expect(cue.start == frame(39))
    #expect(cue.end == frame(90))
    #expect(cue.rawText == "Hello")
    #expect(cue.settings.line == 84.67)
    #expect(cue.settings.position == 10)
    #expect(cue.settings.align == .start)
    #expect(cue.location == SourceLocation(line: 3, column: 58, offset: 77))
  }

  @Test func nonDropTimecodesRunSlowerThanTheClock() throws {
    let words = "9420 9420 9470 9470 \(sccWords("Hi")) 942f 942f"
    let nonDrop = SCCReader.read("Scenarist_SCC V1.0\n\n00:10:00:00\t\(words)\n")
    let drop = SCCReader.read("Scenarist_SCC V1.0\n\n00:10:00;00\t\(words)\n")
    // 10 minutes of non-drop timecode are 18000 frames (600.6 s); of drop-frame, 17982.
    #expect(nonDrop.track.cues.map(\.start) == [frame(18005)])
    #expect(drop.track.cues.map(\.start) == [frame(17987)])
    #expect(try #require(nonDrop.track.cues.first).start.milliseconds == 600_767)
    #expect(try #require(drop.track.cues.first).start.milliseconds == 600_166)
  }

  @Test func timecodesConvertBothWays() {
    for number in [0, 1, 29, 30, 1799, 1800, 1801, 17981, 17982, 17983, 107_892, 1_000_001] {
      for dropFrame in [false, true] {
        let timecode = SCCTimecode(frameNumber: number, dropFrame: dropFrame)
        #expect(timecode.frameNumber == number)
        #expect(timecode.isValid)
      }
    }
    #expect(SCCTimecode(frameNumber: 1800, dropFrame: true).description == "00:01:00;02")
    #expect(SCCTimecode(frameNumber: 17982, dropFrame: true).description == "00:10:00;00")
    #expect(SCCTimecode(frameNumber: 1800, dropFrame: false).description == "00:01:00:00")
    #expect(SCCTimecode(Array("00:01:00;01".utf8))?.isValid == false)
    #expect(SCCTimecode(Array("01:00:00.00".utf8))?.dropFrame == true)
    #expect(SCCTimecode(Array("1:00:00:00".utf8)) == nil)
  }

  @Test func reportsEachProblemAndRecoversTheCues() throws {
    let text =
      "Scenarist_SCC V1.0\r\n\r\n"
      + "00:00:01;00\t9420 9420 9470 9470 c8e5 zzzz ecec ef80 942f 942f\r\n"
      + "00:00:01;08\t942c 942c\r\n"
      + "00:00:00;10\t9420 9420 9470 9470 \(sccWords("Ab")) 942f 942f\r\n"
      + "this is garbage\r\n"
      + "00:00:03;00\t9420 9420 9470 9470 48e5 942f 942f\r\n"
    let result = SCCReader.read(text, path: "t.scc")
    #expect(
      summaries(result) == [
        "3:38: error: 'zzzz' is not a byte pair of four hexadecimal digits; skipped",
        "4:1: warning: timecode 00:00:01;08 overlaps the previous line's pairs, which run to "
          + "00:00:01;10; its pairs are read from there",
        "5:1: warning: timecode 00:00:00;10 is before the previous line's 00:00:01;08; its "
          + "pairs are read from 00:00:01;12",
        "6:1: error: line 'this is garbage' is not a timecode and byte pairs; ignored",
        "7:33: warning: parity error in the first byte of pair 48e5; shown as a solid block",
        "7:38: warning: CC1 caption shown at 00:00:03.170 is still on screen at the end",
      ])
    #expect(result.diagnostics.allSatisfy { $0.rule == "parse.scc" && $0.file == "t.scc" })
    let cues = result.track.cues
    #expect(cues.map(\.rawText) == ["Hello", "Ab", "█e"])
    #expect(cues.map(\.start) == [frame(38), frame(47), frame(95)])
    #expect(
      cues.map(\.end) == [
        frame(40), frame(95),
        (MediaTime(value: 95 * 1001, timescale: 30000) + MediaTime(milliseconds: 4000)).converted(
          to: 1000),
      ])
  }

  @Test func byteOrderMarkAndWindowsLineEndsAreReadWithoutComplaint() {
    let result = SCCReader.read(
      "\u{FEFF}Scenarist_SCC V1.0\r\n\r\n00:00:01;00\t9420 9420 9470 9470 \(sccWords("Hi")) "
        + "942f 942f\r\n\r\n00:00:02;00\t942c 942c\r\n")
    #expect(result.diagnostics.isEmpty)
    #expect(result.track.cues.map(\.rawText) == ["Hi"])
  }

  @Test func fileWithoutItsHeaderIsReported() {
    let result = SCCReader.read(
      "00:00:01;00\t9420 9420 9470 9470 \(sccWords("Hi")) 942f 942f 942c 942c\n")
    #expect(
      summaries(result) == [
        "1:1: error: the file does not start with the line 'Scenarist_SCC V1.0'"
      ])
    #expect(result.track.cues.map(\.rawText) == ["Hi"])
  }

  @Test func readsCC2WhenCC1IsEmptyAndNamesChannelsLeftOut() {
    let cc2 = "1c20 1c20 1c70 1c70 \(sccWords("Two")) 1c2f 1c2f"
    let only = SCCReader.read("Scenarist_SCC V1.0\n\n00:00:01;00\t\(cc2)\n00:00:02;00\t1c2c 1c2c\n")
    #expect(only.track.cues.map(\.rawText) == ["Two"])
    #expect(only.diagnostics.isEmpty)
    let both = SCCReader.read(
      "Scenarist_SCC V1.0\n\n00:00:01;00\t\(cc2)\n"
        + "00:00:02;00\t9420 9420 9470 9470 \(sccWords("One")) 942f 942f 1c2c 1c2c\n"
        + "00:00:03;00\t942c 942c\n")
    #expect(both.track.cues.map(\.rawText) == ["One"])
    #expect(
      summaries(both) == [
        "-: remark: the file also carries captions in CC2; only CC1 is read"
      ])
  }

  @Test func sccFilesAreFoundByExtensionAndContent() {
    #expect(FormatRegistry.entry(forPath: "movie.en.scc")?.format == .scc)
    #expect(FormatRegistry.entry(named: "scc")?.format == .scc)
    #expect(FormatRegistry.sniff(Array("Scenarist_SCC V1.0\n\n00:00:00;00\t9420\n".utf8)) == .scc)
    #expect(SidecarName(fileName: "movie.en.cc.scc")?.format == .scc)
  }
}
