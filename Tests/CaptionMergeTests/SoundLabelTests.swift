import Testing

@testable import CaptionMerge

struct SoundLabelTests {
  @Test func splitsSpeechAndLabels() {
    let pieces = SoundLabel.pieces(of: "[laughs] I know. (sighs) ♪ la la ♪ done")
    #expect(pieces.map(\.isSound) == [true, false, true, true, false])
    #expect(pieces.map(\.text) == ["[laughs]", "I know.", "(sighs)", "♪ la la ♪", "done"])
  }

  @Test func takesAnUnclosedNoteAsMusicToTheEnd() {
    let pieces = SoundLabel.pieces(of: "She sings ♪ over the sea")
    #expect(pieces.map(\.text) == ["She sings", "♪ over the sea"])
    #expect(pieces.map(\.isSound) == [false, true])
  }

  @Test func takesNoBracketAfterAWordAndNoLabelWithoutALetter() {
    let pieces = SoundLabel.pieces(of: "call f(x) at (1) or [] then (cheering)")
    #expect(pieces.map(\.text) == ["call f(x) at (1) or [] then", "(cheering)"])
    #expect(pieces.map(\.isSound) == [false, true])
  }
}
