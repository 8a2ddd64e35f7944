import CaptionCore
import Testing

@Suite("CueText")
struct CueTextTests {
  @Test func plainTextBuildsNoTree() {
    let text = CueText(plain: "Hello\nworld")
    #expect(text.plainString == "Hello\nworld")
    #expect(text.visibleText == "Hello\nworld")
    #expect(text.nodes == [.text("Hello\nworld")])
    let empty = CueText(plain: "")
    #expect(empty.nodes.isEmpty)
    #expect(empty.visibleText.isEmpty)
    #expect(empty.plainString == "")
  }

  @Test func singleTextNodeIsPlain() {
    #expect(CueText(nodes: [.text("hi")]) == CueText(plain: "hi"))
    #expect(CueText(nodes: [.text("hi")]).plainString == "hi")
    #expect(CueText(nodes: []) == CueText(plain: ""))
  }

  @Test func treeVisibleTextDropsMarkupAndKeepsRuby() {
    let text = CueText(nodes: [
      .element(CueElement(kind: .voice, annotation: "Mina", children: [.text("Who's there?")])),
      .text(" "),
      .element(
        CueElement(
          kind: .italic,
          children: [
            .text("a "), .element(CueElement(kind: .bold, children: [.text("b")])), .text(" c"),
          ])),
      .timestamp(MediaTime(milliseconds: 1500)),
      .element(
        CueElement(
          kind: .ruby,
          children: [
            .text("漢"), .element(CueElement(kind: .rubyText, children: [.text("かん")])),
          ])),
    ])
    #expect(text.plainString == nil)
    #expect(text.visibleText == "Who's there? a b c漢かん")
    #expect(text.nodes.count == 5)
  }

  @Test func settingNodesNormalises() {
    var text = CueText(nodes: [.text("a"), .text("b")])
    #expect(text.plainString == nil)
    text.nodes = [.text("ab")]
    #expect(text.plainString == "ab")
    text.nodes = []
    #expect(text.visibleText.isEmpty)
  }

  @Test func deepTreesAreWalkedWithoutRecursion() {
    var node = CueNode.text("core")
    for depth in 0..<CueText.maximumDepth {
      node = .element(
        CueElement(
          kind: depth % 2 == 0 ? .italic : .bold, children: [.text("<"), node, .text(">")]))
    }
    let text = CueText(nodes: [node])
    let brackets =
      String(repeating: "<", count: CueText.maximumDepth) + "core"
      + String(repeating: ">", count: CueText.maximumDepth)
    #expect(text.visibleText == brackets)
    #expect(text == CueText(nodes: [node]))
  }

  @Test func wideTreesAreLinear() {
    let nodes = (0..<50_000).map { i -> CueNode in
      i % 2 == 0
        ? .text("x") : .element(CueElement(kind: .class, classes: ["c"], children: [.text("y")]))
    }
    let text = CueText(nodes: nodes)
    #expect(text.visibleText.count == 50_000)
  }

  @Test func elementKindsAreTagNames() {
    #expect(
      CueElement.Kind.allCases.map(\.rawValue) == ["c", "i", "b", "u", "ruby", "rt", "v", "lang"])
    let element = CueElement(kind: .class, classes: ["yellow", "loud"])
    #expect(element.annotation == nil)
    #expect(element.children.isEmpty)
  }
}
