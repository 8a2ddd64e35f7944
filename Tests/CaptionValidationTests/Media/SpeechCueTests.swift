import CaptionCore
import CaptionValidation
import Testing

/// Which cues hold speech (the coverage and alignment rules compare only those with the
/// audio's speech): text outside sound descriptions, music notes and capital speaker labels.
struct SpeechCueTests {
  @Test(arguments: [
    ("Hello there.", true),
    ("[door slams]", false),
    ("(laughs) [music]", false),
    ("♪ ♪", false),
    ("JOHN:", false),
    ("JOHN: Hello.", true),
    ("JOHN: HELLO!", true),
    ("Note: the door.", true),
    ("[SIREN]\nMARY:", false),
    ("MARY:\nOK", true),
    ("ÉLODIE: Très bien.", true),
    ("ÉLODIE:", false),
    ("日本語です", true),
    ("[ドア]", false),
    ("- [gasps]\n- Who?", true),
    ("123 456", false),
  ])
  func speechIsTextOutsideDescriptionsAndLabels(text: String, speech: Bool) {
    let cue = Cue(
      start: .zero, end: MediaTime(milliseconds: 1000), text: CueText(plain: text),
      rawText: text)
    #expect(MediaTracks.isSpeech(cue) == speech)
  }
}
