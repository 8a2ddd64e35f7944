import CaptionCore

/// A cue text laid out as a row of units, each with the elements it is inside, so that a
/// line break can go between any two units and any stretch of the row can be made a tree
/// again: an element that a stretch cuts is closed where the stretch ends and opened again
/// where the next begins.
struct FlatCueText {
  /// One unit of the row.
  struct Unit {
    enum Content {
      /// A character (grapheme cluster) of a text node.
      case character(Character)
      /// A node kept whole that is shown: a `<ruby>` element, base and ruby text together.
      case whole(CueNode)
      /// A node kept whole that takes no room: an inner timestamp, an element with no
      /// children, an `<rt>` outside `<ruby>`.
      case mark(CueNode)
    }

    var content: Content
    /// The elements the unit is inside, outermost first: indices into `elements`.
    var path: [Int]
    /// Its width in half characters, as the readability rules count it.
    var halves: Int

    var character: Character? {
      if case .character(let character) = content { return character }
      return nil
    }

    var isMark: Bool {
      if case .mark = content { return true }
      return false
    }
  }

  /// Each element of the tree, without its children.
  private(set) var elements: [CueElement] = []
  private(set) var units: [Unit] = []

  init(_ text: CueText, widths: inout CharacterWidths) {
    var stack: [(nodes: ArraySlice<CueNode>, path: [Int])] = [(text.nodes[...], [])]
    while var top = stack.popLast() {
      guard let node = top.nodes.popFirst() else { continue }
      stack.append(top)
      switch node {
      case .text(let string):
        for character in string {
          units.append(
            Unit(
              content: .character(character), path: top.path,
              halves: widths.halves(of: character)))
        }
      case .timestamp:
        units.append(Unit(content: .mark(node), path: top.path, halves: 0))
      case .element(let element):
        if element.kind == .ruby, !element.children.isEmpty {
          units.append(Unit(content: .whole(node), path: top.path, halves: widths.halves(of: node)))
        } else if element.kind == .rubyText || element.children.isEmpty {
          units.append(Unit(content: .mark(node), path: top.path, halves: 0))
        } else {
          var bare = element
          bare.children = []
          elements.append(bare)
          stack.append((element.children[...], top.path + [elements.count - 1]))
        }
      }
    }
  }

  /// The voice (`<v Name>`) a unit is spoken in: its innermost voice element's name.
  func speaker(of unit: Unit) -> String? {
    for index in unit.path.reversed() where elements[index].kind == .voice {
      return elements[index].annotation ?? ""
    }
    return nil
  }

  /// True when some unit is inside a voice element.
  var hasVoices: Bool { elements.contains { $0.kind == .voice } }

  /// The tree of a row of units (units of this text, some replaced or added): consecutive
  /// units inside the same elements share them, characters are joined into text nodes.
  func nodes(of row: [Unit]) -> [CueNode] {
    var root: [CueNode] = []
    var open: [(element: Int, children: [CueNode])] = []
    var text = ""

    func append(_ node: CueNode) {
      if open.isEmpty {
        root.append(node)
      } else {
        open[open.count - 1].children.append(node)
      }
    }
    func flush() {
      guard !text.isEmpty else { return }
      append(.text(text))
      text = ""
    }
    func close() {
      flush()
      let last = open.removeLast()
      var element = elements[last.element]
      element.children = last.children
      append(.element(element))
    }

    for unit in row {
      var shared = 0
      while shared < open.count, shared < unit.path.count,
        open[shared].element == unit.path[shared]
      {
        shared += 1
      }
      while open.count > shared { close() }
      if open.count < unit.path.count {
        flush()
        for element in unit.path[open.count...] { open.append((element, [])) }
      }
      switch unit.content {
      case .character(let character): text.append(character)
      case .whole(let node), .mark(let node):
        flush()
        append(node)
      }
    }
    while !open.isEmpty { close() }
    flush()
    return root
  }
}
