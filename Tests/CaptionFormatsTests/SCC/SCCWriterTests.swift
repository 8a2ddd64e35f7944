import CaptionCore
import CaptionFormats
import Testing

/// What `SCCWriter` writes, and that it reads back to the same words and frames.
@Suite struct SCCWriterTests {
  private func track(_ vtt: String) -> Track {
    WebVTTReader.read("WEBVTT\n\n" + vtt).track
  }

  private func frames(_ cues: [Cue]) -> [String] {
    cues.map {
      "\(CEA608Encoder.frame(of: $0.start))-\(CEA608Encoder.frame(of: $0.end)) \($0.rawText)"
    }
  }

  @Test func writesAPopOnCaptionLoadedToShowAtItsStart() {
    var bytes: [UInt8] = []
    let losses = SCCWriter.write(track("00:01.000 --> 00:03.000\nHi\n"), into: &bytes)
    #expect(losses.isEmpty)
    #expect(
      String(decoding: bytes, as: UTF8.self) == """
        Scenarist_SCC V1.0

        00:00:00;21\t94ae 94ae 9420 9420 9476 9476 9723 9723 c8e9 942f 942f

        00:00:03;00\t942c 942c


        """)
  }

  @Test func readsBackToTheSameWordsFramesAndPlaces() {
    let original = track(
      """
      00:00:01.000 --> 00:00:03.000 line:79.33% position:10% align:start
      Hello, and welcome
      to the <i>lighthouse</i>.

      00:00:03.000 --> 00:00:05.500
      <c.yellow>Café</c> ♪ “quoted” — ok

      00:00:07.250 --> 00:00:09.000 line:10% position:30% align:start
      <u>Top</u> row

      00:10:00.000 --> 00:10:02.000
      Ten minutes in
      """)
    let written = SCCWriter.string(original)
    let back = SCCReader.read(written)
    #expect(back.diagnostics.isEmpty)
    #expect(
      frames(back.track.cues) == [
        "30-90 Hello, and welcome\nto the <i>lighthouse.</i>",
        "90-165 <c.yellow>Café</c> ♪ “quoted” — ok",
        "217-270 <u>Top</u> row",
        "17982-18042 Ten minutes in",
      ])
    #expect(
      frames(back.track.cues).map { $0.prefix(while: { $0 != " " }) }
        == frames(original.cues).map { $0.prefix(while: { $0 != " " }) })
    let settings = back.track.cues.map { "\($0.settings.line ?? -1) \($0.settings.position ?? -1)" }
    #expect(settings == ["79.33 10.0", "84.67 25.0", "10.0 30.0", "84.67 32.5"])
    // Drop-frame timecodes: the tenth minute's caption is loaded just before 00:10:00;00.
    #expect(written.contains("\n00:09:59;15\t"))
  }

  @Test func reportsCharactersOutsideThe608Sets() {
    var bytes: [UInt8] = []
    let losses = SCCWriter.write(track("00:01.000 --> 00:03.000\nA – b … 中\n"), into: &bytes)
    #expect(
      losses.map(\.message) == [
        "cue 1 loses '–' (written as -), '…' (written as ...), '中' (written as ?) in SCC"
      ])
    #expect(losses.allSatisfy { $0.rule == "convert.lossy" && $0.cue?.index == 1 })
    #expect(
      SCCReader.read(String(decoding: bytes, as: UTF8.self)).track.cues.map(\.rawText) == [
        "A - b ... ?"
      ])
  }

  @Test func reportsACueTooCloseToTheOneBeforeToLoadInTime() {
    let original = track(
      """
      00:00:01.000 --> 00:00:01.100
      First

      00:00:01.100 --> 00:00:03.000
      A second caption right after it
      """)
    var bytes: [UInt8] = []
    let losses = SCCWriter.write(original, into: &bytes)
    #expect(
      losses.map(\.message) == [
        "cue 2 at 00:00:01.100 is too close to the one before to be loaded in time; it shows "
          + "21 frames late in SCC"
      ])
    let back = SCCReader.read(String(decoding: bytes, as: UTF8.self))
    #expect(back.diagnostics.isEmpty)
    #expect(
      frames(back.track.cues) == ["30-54 First", "54-90 A second caption right after it"])
  }

  @Test func breaksLongTextTo32ColumnsAndFourRows() {
    let words = "one two three four five six seven eight nine ten eleven twelve"
    var bytes: [UInt8] = []
    let losses = SCCWriter.write(
      track("00:05.000 --> 00:09.000\n\(words) \(words) \(words)\n"), into: &bytes)
    let back = SCCReader.read(String(decoding: bytes, as: UTF8.self))
    #expect(back.diagnostics.isEmpty)
    let rows = back.track.cues.first?.rawText.split(separator: "\n") ?? []
    #expect(rows.count == 4)
    #expect(rows.allSatisfy { $0.count <= 32 })
    #expect(losses.map(\.message) == ["cue 1 loses the text past 4 rows of 32 columns in SCC"])
  }

  @Test func writesRollUpOnRequest() {
    let original = track(
      """
      00:00:01.000 --> 00:00:02.000
      The tide is coming

      00:00:02.000 --> 00:00:04.000
      in fast
      """)
    var bytes: [UInt8] = []
    let losses = SCCWriter.write(original, mode: .rollUp(rows: 3), into: &bytes)
    #expect(losses.isEmpty)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(
      text.hasPrefix("Scenarist_SCC V1.0\n\n00:00:00;28\t9426 9426 94ad 94ad 94f2 94f2 9723 9723"))
    let back = SCCReader.read(text)
    #expect(back.diagnostics.isEmpty)
    #expect(frames(back.track.cues) == ["30-60 The tide is coming", "60-120 in fast"])
  }
}
