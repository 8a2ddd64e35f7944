import Testing

@testable import CaptionMerge

struct SpeakerMarkerTests {
  @Test(arguments: [
    ("MARA: Hi.", SpeakerMarker.name("MARA"), "Hi."),
    ("Mary-Ann O'Neil: Hi.", .name("Mary-Ann O'Neil"), "Hi."),
    ("NARRATOR:", .name("NARRATOR"), ""),
    ("مينا: مرحبا", .name("مينا"), "مرحبا"),
    ("- Hi.", .unnamed, "Hi."),
    ("— Hi.", .unnamed, "Hi."),
    ("- JONAS: Hi.", .name("JONAS"), "Hi."),
    (">>> Hi.", .unnamed, "Hi."),
    ("10:30 is late.", .none, "10:30 is late."),
    ("the plan: go", .none, "the plan: go"),
    ("Ratio 3:2", .none, "Ratio 3:2"),
    ("One Two Three Four Five: no", .none, "One Two Three Four Five: no"),
    ("-5 degrees", .none, "-5 degrees"),
    ("Mara:no space", .none, "Mara:no space"),
  ])
  func parsesTheMarkerAtTheLineStart(line: String, marker: SpeakerMarker, rest: String) {
    let parsed = SpeakerMarker.parse(line)
    #expect(parsed.marker == marker)
    #expect(parsed.rest == rest)
  }
}
