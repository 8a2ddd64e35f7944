import CaptionCore
import Testing

@testable import CaptionMedia

@Suite("SubtitleCueCollector")
struct SubtitleCueCollectorTests {
  private func collector(
    numerator: Int64 = 1, timescale: Int32 = 1000, origin: MediaTime = .zero,
    mediaEnd: MediaTime? = nil
  ) -> SubtitleCueCollector {
    SubtitleCueCollector(
      streamIndex: 3, path: "movie.mkv", numerator: numerator, timescale: timescale,
      origin: origin, mediaEnd: mediaEnd)
  }

  private func event(_ text: String) -> ASSEventText {
    ASSEventText(text: text)
  }

  private func dump(_ cues: [Cue]) -> [String] {
    cues.map { "\($0.start) --> \($0.end) \($0.rawText)" }
  }

  @Test func timesAreInTheStreamTimeBaseRelativeToTheStart() {
    var cues = collector(
      timescale: 90_000, origin: MediaTime(value: 1_400_000, timescale: 1_000_000))
    cues.add(timestamp: 216_000, duration: 45_000, events: [event("a")])
    let result = cues.finish()
    #expect(result.map(\.start) == [MediaTime(value: 90_000, timescale: 90_000)])
    #expect(result.map(\.start.timescale) == [90_000])
    #expect(result.map(\.end) == [MediaTime(milliseconds: 1500)])
    #expect(cues.diagnostics == [])
  }

  @Test func aTimeBaseWithANumeratorScalesTheTicks() {
    var cues = collector(numerator: 1001, timescale: 30_000)
    cues.add(timestamp: 30, duration: 60, events: [event("a")])
    let result = cues.finish()
    #expect(result.first?.start == MediaTime(value: 30_030, timescale: 30_000))
    #expect(result.first?.end == MediaTime(value: 90_090, timescale: 30_000))
  }

  @Test func emptyPacketsMakeNoCues() {
    var cues = collector()
    cues.add(timestamp: 0, duration: 500, events: [])
    cues.add(timestamp: 500, duration: 1000, events: [event("a")])
    cues.add(timestamp: 1500, duration: 500, events: [event("{\\an8}")])
    #expect(dump(cues.finish()) == ["00:00:00.500 --> 00:00:01.500 a"])
  }

  @Test func aCueWithoutDurationEndsAtTheNextPacket() {
    var cues = collector()
    cues.add(timestamp: 1000, duration: 0, events: [event("one")])
    cues.add(timestamp: 1000, duration: 0, events: [event("same time")])
    cues.add(timestamp: 2500, duration: 0, events: [])
    cues.add(timestamp: 3000, duration: 0, events: [event("long")])
    cues.add(timestamp: 20_000, duration: 1000, events: [event("last")])
    #expect(
      dump(cues.finish()) == [
        "00:00:01.000 --> 00:00:02.500 one",
        "00:00:01.000 --> 00:00:02.500 same time",
        "00:00:03.000 --> 00:00:10.000 long",
        "00:00:20.000 --> 00:00:21.000 last",
      ])
    #expect(
      cues.diagnostics.map(\.message) == [
        "cue 1 of stream 3 at 00:00:01.000 has no duration; it ends at the next cue's start "
          + "00:00:02.500",
        "cue 2 of stream 3 at 00:00:01.000 has no duration; it ends at the next cue's start "
          + "00:00:02.500",
        "cue 3 of stream 3 at 00:00:03.000 has no duration; it ends 7 seconds after its start, "
          + "at 00:00:10.000",
      ])
    let first = cues.diagnostics[0]
    #expect(first.rule == "container.subtitle-stream")
    #expect(first.severity == .warning)
    #expect(first.file == "movie.mkv")
    #expect(
      first.cue
        == CueReference(
          index: 1, id: nil, start: MediaTime(milliseconds: 1000),
          end: MediaTime(milliseconds: 2500)))
    #expect(first.hint == "give the subtitle packets durations when muxing the file")
  }

  @Test func theLastCueWithoutDurationEndsWithTheMedia() {
    var cues = collector(mediaEnd: MediaTime(milliseconds: 5000))
    cues.add(timestamp: 4000, duration: 0, events: [event("end")])
    #expect(dump(cues.finish()) == ["00:00:04.000 --> 00:00:05.000 end"])
    #expect(
      cues.diagnostics.map(\.message) == [
        "cue 1 of stream 3 at 00:00:04.000 has no duration; it ends with the media at 00:00:05.000"
      ])
  }

  @Test func packetsWithoutTimestampsAreSkippedWithAWarning() {
    var cues = collector()
    cues.add(timestamp: nil, duration: 100, events: [event("lost")])
    cues.add(timestamp: nil, duration: 100, events: [])
    #expect(cues.finish() == [])
    #expect(
      cues.diagnostics.map(\.message) == [
        "a packet of stream 3 has no timestamp; its text is skipped"
      ])
  }

  @Test func cuesReadOutOfOrderAreSortedStably() {
    var cues = collector()
    cues.add(timestamp: 2000, duration: 100, events: [event("b")])
    cues.add(timestamp: 1000, duration: 100, events: [event("a")])
    cues.add(timestamp: 2000, duration: 50, events: [event("b2")])
    #expect(
      dump(cues.finish()) == [
        "00:00:01.000 --> 00:00:01.100 a", "00:00:02.000 --> 00:00:02.100 b",
        "00:00:02.000 --> 00:00:02.050 b2",
      ])
  }

  @Test func eventsOfOnePacketAreJoinedLineByLine() {
    var cues = collector()
    cues.add(
      timestamp: 0, duration: 1000,
      events: [event("{\\an8}{\\i1}top{\\i0}"), event(""), event("second & last")])
    let result = cues.finish()
    #expect(result.map(\.rawText) == ["<i>top</i>\nsecond &amp; last"])
    #expect(
      result.first?.text.nodes == [
        .element(CueElement(kind: .italic, children: [.text("top")])), .text("\n"),
        .text("second & last"),
      ])
    #expect(result.first?.settings.line == 0)
  }

  @Test func hugeTimestampsSaturate() {
    var cues = collector(numerator: 1_000_000, timescale: 1)
    cues.add(timestamp: .max / 2, duration: 1, events: [event("far")])
    #expect(cues.finish().first?.start == MediaTime(value: .max, timescale: 1))
  }
}
