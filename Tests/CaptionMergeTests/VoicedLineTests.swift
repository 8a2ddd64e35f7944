import CaptionCore
import Testing

@testable import CaptionMerge

struct VoicedLineTests {
  @Test func givesEachLineItsVoiceAndSplitsWhereTheVoiceChanges() {
    let text = CueText(nodes: [
      .element(
        CueElement(
          kind: .italic,
          children: [
            .element(CueElement(kind: .voice, annotation: " Mara ", children: [.text("Go.\nNow.")]))
          ])),
      .text(" "),
      .element(CueElement(kind: .voice, annotation: "Jonas", children: [.text("No.")])),
      .element(
        CueElement(
          kind: .ruby,
          children: [.text("灯"), .element(CueElement(kind: .rubyText, children: [.text("ひ")]))])),
    ])
    #expect(
      VoicedLine.lines(of: text) == [
        VoicedLine(voice: "Mara", text: "Go."), VoicedLine(voice: "Mara", text: "Now. "),
        VoicedLine(voice: "Jonas", text: "No.灯"),
      ])
  }
}
