import CaptionCore
import Testing

@testable import CaptionFormats

/// A line that is nearly a timing line is read as one, reported at its place, and its cue
/// kept with the times it means; dialogue with digits or arrows stays text.
struct SRTNearTimingTests {
  private func read(_ timing: String) -> ReadResult {
    SRTReader.read("1\n00:00:01,000 --> 00:00:02,000\nHello\n\n2\n\(timing)\nWorld\n", path: nil)
  }

  private func cues(_ result: ReadResult) -> [String] {
    result.track.cues.map { "\($0.id) \($0.start) --> \($0.end) \($0.rawText)" }
  }

  @Test(arguments: [
    ("00:00:05,000 -> 00:00:06,000", "6:14", "'->' for '-->'"),
    ("00:00:05,000 -- > 00:00:06,000", "6:14", "'-- >' for '-->'"),
    ("00:00:05,000 —> 00:00:06,000", "6:14", "'—>' for '-->'"),
    ("00:00:05,000 ==> 00:00:06,000", "6:14", "'==>' for '-->'"),
    ("00:00:05,000 → 00:00:06,000", "6:14", "'→' for '-->'"),
    ("  00:00:05,000  ->  00:00:06,000", "6:17", "'->' for '-->'"),
    (
      "00:00:05;000 --> 00:00:06;000", "6:1",
      "the start time '00:00:05;000' has ';' before the milliseconds, not ','"
    ),
    (
      "00:00:05,000 --> 00;00;06,000", "6:18",
      "the end time '00;00;06,000' has ';' where ':' belongs"
    ),
  ])
  func aNearlyValidTimingLineIsReadAndReported(line: String, place: String, fault: String) {
    let result = read(line)
    #expect(
      cues(result) == [
        "1 00:00:01.000 --> 00:00:02.000 Hello", "2 00:00:05.000 --> 00:00:06.000 World",
      ])
    #expect(
      result.diagnostics.map(\.summary) == [
        "\(place): error: timing of cue 2 is nearly right: \(fault); read as 00:00:05,000 --> "
          + "00:00:06,000"
      ])
    #expect(result.diagnostics.first?.cue?.index == 2)
  }

  @Test func aNearlyValidTimingLineWithoutACounterStartsACue() {
    let result = SRTReader.read("00:00:05,000 -> 00:00:06,000\nWorld\n", path: nil)
    #expect(cues(result) == [" 00:00:05.000 --> 00:00:06.000 World"])
    #expect(
      result.diagnostics.map(\.summary) == [
        "1:1: warning: cue 1 has no counter",
        "1:14: error: timing of cue 1 is nearly right: '->' for '-->'; read as 00:00:05,000 --> "
          + "00:00:06,000",
      ])
  }

  @Test(arguments: [
    "5 -> 6", "42", "10:30 -> 11:00", "1:2:3 -> 4:5:6", "00:00:05 -> 00:00:06",
    "00:00:05.000 -> 00:00:06.000", "00:00:05,00 -> 00:00:06,000", "00:05,000 -> 00:06,000",
    "00:00:05,000 -> 00:00:06,000 and more", "at 00:00:05,000 -> 00:00:06,000",
    "00:00:05,000 <-> 00:00:06,000", "00:00:05,000 > 00:00:06,000",
  ])
  func dialogueWithDigitsOrArrowsStaysText(line: String) {
    let result = SRTReader.read("1\n00:00:01,000 --> 00:00:02,000\n\(line)\n", path: nil)
    #expect(cues(result) == ["1 00:00:01.000 --> 00:00:02.000 \(line)"])
    #expect(result.diagnostics.isEmpty)
  }

  /// A line with two kinds of fault is not nearly a timing line; after a blank line and a
  /// counter it is still text, as before (of the cue before it).
  @Test func twoKindsOfFaultAreText() {
    let result = read("00:00:05.000 -> 00:00:06.000")
    #expect(result.track.cues.count == 1)
    #expect(result.track.cues.first?.rawText == "Hello\n2\n00:00:05.000 -> 00:00:06.000\nWorld")
  }

  /// Faults `SRTTiming` reads itself never come here; a lone digit too many or too few is
  /// read only when it leaves one reading.
  @Test(arguments: [
    ("00:00:05,50 --> 00:00:06,000", nil as String?),  // 50 or 500 ms
    ("00:00:05,0500 --> 00:00:06,000", nil),  // 50 or 500 ms
    ("00:00:05,00 --> 00:00:06,000", "00:00:05.000"),  // 0 either way
    ("00:00:05,5000 --> 00:00:06,000", "00:00:05.500"),
    ("00:00:5,000 --> 00:00:06,000", "00:00:05.000"),
    ("00:00:005,000 --> 00:00:06,000", "00:00:05.000"),
    ("00:00:105,000 --> 00:00:06,000", nil),
  ])
  func aDigitTooManyOrTooFewIsReadOnlyWhenClear(line: String, start: String?) throws {
    let near = Array(line.utf8).withUnsafeBufferPointer { SRTNearTiming($0) }
    let found = try #require(near, "\(line)")
    #expect(found.times.map { "\($0.start)" } == start, "\(line)")
    #expect(found.times.map { "\($0.end)" } == start.map { _ in "00:00:06.000" }, "\(line)")
  }

  @Test func theHoursOrTheMillisecondsMissingAreReadAsZero() throws {
    for (line, start) in [
      ("00:05,000 --> 00:06,000", "00:00:05.000"), ("00:00:05 --> 00:00:06", "00:00:05.000"),
    ] {
      let near = Array(line.utf8).withUnsafeBufferPointer { SRTNearTiming($0) }
      #expect(near?.times.map { "\($0.start)" } == start, "\(line)")
    }
  }
}
