import CaptionKit
import Testing

struct TrackShiftTests {
  func cue(_ id: String, _ start: Int64, _ end: Int64, line: Int) -> Cue {
    Cue(
      id: id, start: MediaTime(milliseconds: start), end: MediaTime(milliseconds: end),
      text: CueText(plain: id), rawText: id,
      location: SourceLocation(line: line, column: 1, offset: line * 10))
  }

  @Test func movesEveryCue() {
    var track = Track(
      format: .webvtt, cues: [cue("a", 1000, 2000, line: 3), cue("b", 2500, 4000, line: 6)])
    let diagnostics = TrackShift.shift(&track, by: MediaTime(milliseconds: 1500))
    #expect(diagnostics.isEmpty)
    #expect(
      track.cues.map(\.start) == [MediaTime(milliseconds: 2500), MediaTime(milliseconds: 4000)])
    #expect(
      track.cues.map(\.end) == [MediaTime(milliseconds: 3500), MediaTime(milliseconds: 5500)])
  }

  @Test func reportsCuesShiftedBeforeZero() {
    var track = Track(
      format: .srt, path: "a.srt",
      cues: [
        cue("1", 200, 900, line: 1), cue("2", 1000, 2000, line: 5), cue("3", 3000, 4000, line: 9),
      ])
    let diagnostics = TrackShift.shift(&track, by: MediaTime(milliseconds: -1500))
    #expect(track.cues.map(\.id) == ["2", "3"])
    #expect(track.cues[0].start == .zero)
    #expect(track.cues[0].end == MediaTime(milliseconds: 500))
    #expect(track.cues[1].start == MediaTime(milliseconds: 1500))
    #expect(
      diagnostics.map(\.compilerStyle) == [
        "a.srt:1:1: warning: cue 1 ends at -00:00:00.600 after the shift, not after "
          + "00:00:00.000; dropped [convert.shift]",
        "a.srt:5:1: warning: cue 2 starts at -00:00:00.500 after the shift; it now starts at "
          + "00:00:00.000 [convert.shift]",
      ])
    #expect(diagnostics.map { $0.cue?.index } == [1, 2])
    #expect(diagnostics[0].hint == "use a smaller negative shift to keep it")
  }

  @Test func shiftsTimestampsInsideCueText() {
    let raw = "<c>one</c> <00:00:01.500>two <01:02.250>three <b>x</b> <1:2>"
    var cue = Cue(
      start: MediaTime(milliseconds: 1000), end: MediaTime(milliseconds: 65000),
      text: CueText(nodes: [
        .text("one "), .timestamp(MediaTime(milliseconds: 1500)),
        .element(CueElement(kind: .bold, children: [.timestamp(MediaTime(milliseconds: 62250))])),
      ]), rawText: raw)
    cue.id = "k"
    var track = Track(format: .webvtt, cues: [cue])
    _ = TrackShift.shift(&track, by: MediaTime(milliseconds: 2000))
    #expect(
      track.cues[0].rawText
        == "<c>one</c> <00:00:03.500>two <00:01:04.250>three <b>x</b> <1:2>")
    #expect(
      track.cues[0].text.nodes == [
        .text("one "), .timestamp(MediaTime(milliseconds: 3500)),
        .element(CueElement(kind: .bold, children: [.timestamp(MediaTime(milliseconds: 64250))])),
      ])
  }

  @Test func leavesSRTTextAsWritten() {
    let raw = "<i>at <00:00:01.000></i>"
    let cue = Cue(
      start: .zero, end: MediaTime(milliseconds: 2000),
      text: CueText(nodes: [.element(CueElement(kind: .italic, children: [.text("at")]))]),
      rawText: raw)
    var track = Track(format: .srt, cues: [cue])
    _ = TrackShift.shift(&track, by: MediaTime(milliseconds: 1000))
    #expect(track.cues[0].rawText == raw)
    #expect(track.cues[0].start == MediaTime(milliseconds: 1000))
  }

  @Test func shiftsTimestampsAtTheDeepestNesting() {
    let depth = CueText.maximumDepth
    var node = CueNode.timestamp(MediaTime(milliseconds: 10))
    for _ in 0..<depth {
      node = .element(CueElement(kind: .italic, children: [node]))
    }
    let cue = Cue(
      start: .zero, end: MediaTime(milliseconds: 100), text: CueText(nodes: [.text("a"), node]),
      rawText: "a<00:00:00.010>")
    var track = Track(format: .webvtt, cues: [cue])
    _ = TrackShift.shift(&track, by: MediaTime(milliseconds: 5))
    var levels = 0
    var current = track.cues[0].text.nodes.last
    while case .element(let element)? = current {
      levels += 1
      current = element.children.first
    }
    #expect(levels == depth)
    #expect(current == .timestamp(MediaTime(milliseconds: 15)))
    #expect(track.cues[0].rawText == "a<00:00:00.015>")
  }
}
