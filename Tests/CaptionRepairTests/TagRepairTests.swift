import CaptionCore
import CaptionRepair
import CaptionValidation
import Testing

struct TagRepairTests {
  /// Text written in a WebVTT-like syntax whose tree is given: the rule reads the text as
  /// written, the repair the tree the reader built.
  final class GivenTree: CueTextMarkup {
    let tree: [CueNode]
    var writtenSyntax: WrittenCueSyntax { .webVTT }

    init(_ tree: [CueNode]) { self.tree = tree }

    func nodes(of text: String) -> [CueNode] { tree }
  }

  static func cue(_ raw: String, tree: [CueNode]) -> Cue {
    Cue(
      start: MediaTime(milliseconds: 0), end: MediaTime(milliseconds: 1000),
      text: CueText(markup: raw, syntax: GivenTree(tree)), rawText: raw)
  }

  @Test func closesTheTagsLeftOpenAndDropsTheClosingTagsNeverOpened() {
    let italic = CueNode.element(CueElement(kind: .italic, children: [.text("Hello")]))
    let cues = [
      Self.cue("<i>Hello", tree: [italic]),
      Self.cue("Fine</b></b>", tree: [.text("Fine")]),
      Self.cue("<i>Hello</i>", tree: [italic]),
    ]
    let track = Track(format: .webvtt, language: LanguageTag("en"), cues: cues)
    let rule = UnbalancedTagsRule()
    #expect(
      Validator(rules: [rule]).validate(ValidationContext(tracks: [track])).map(\.message) == [
        "cue 1 opens <i> 1 time and closes it 0 times",
        "cue 2 opens <b> 0 times and closes it 2 times",
      ])
    let (repaired, changes) = TagRepair.repair(cues)
    #expect(repaired.map(\.rawText) == ["<i>Hello</i>", "Fine", "<i>Hello</i>"])
    #expect(repaired.map(\.text.visibleText) == cues.map(\.text.visibleText))
    #expect(repaired[2] == cues[2])
    #expect(
      changes == [
        RepairChange(
          rule: "readability.unbalanced-tags", cueIndex: 0,
          message: "closed the <i> left open in cue 1"),
        RepairChange(
          rule: "readability.unbalanced-tags", cueIndex: 1,
          message: "removed 2 </b> with no opening tag from cue 2"),
      ])
    var fixed = track
    fixed.cues = repaired
    #expect(Validator(rules: [rule]).validate(ValidationContext(tracks: [fixed])).isEmpty)
    #expect(TagRepair.repair(repaired).changes.isEmpty)
  }
}
