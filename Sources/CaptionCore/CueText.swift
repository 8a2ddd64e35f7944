/// The text of a cue as a tree of spans, the model of WebVTT's cue text (and of the markup
/// other formats can carry: SRT's `<i>`, `<b>`, `<u>`, `<font color>`).
///
/// Plain text (no markup) is stored as one string without building a tree, and text with
/// markup read from a file may be stored as written, with its `CueTextMarkup`, the tree being
/// built when `nodes` is asked for; both keep large tracks small in memory. Two cue texts are
/// equal when their trees are. Nesting is limited to `CueText.maximumDepth` levels; readers
/// report and flatten anything deeper, so every walk over the tree is bounded.
public struct CueText: Sendable, Hashable {
  /// Deepest nesting of elements a reader builds.
  public static let maximumDepth = 256

  private enum Storage: Sendable {
    case plain(String)
    case tree([CueNode])
    case markup(Markup)
  }

  /// Text kept as written, with its syntax.
  private final class Markup: Sendable {
    let text: String
    let syntax: any CueTextMarkup

    init(text: String, syntax: any CueTextMarkup) {
      self.text = text
      self.syntax = syntax
    }
  }

  private var storage: Storage

  /// A cue text of one text node (no node at all when `plain` is empty).
  public init(plain: String) {
    storage = .plain(plain)
  }

  public init(nodes: [CueNode]) {
    if nodes.isEmpty {
      storage = .plain("")
    } else if nodes.count == 1, case .text(let string) = nodes[0] {
      storage = .plain(string)
    } else {
      storage = .tree(nodes)
    }
  }

  /// A cue text kept as written in `syntax`, its tree built on demand.
  public init(markup: String, syntax: any CueTextMarkup) {
    storage = .markup(Markup(text: markup, syntax: syntax))
  }

  /// The text as written and its syntax, when the tree is built on demand; else nil.
  public var markup: (text: String, syntax: any CueTextMarkup)? {
    if case .markup(let markup) = storage { return (markup.text, markup.syntax) }
    return nil
  }

  /// The string of a text stored without markup, without building anything; else nil.
  var storedPlain: String? {
    if case .plain(let string) = storage { return string }
    return nil
  }

  /// The top-level nodes.
  public var nodes: [CueNode] {
    get {
      switch storage {
      case .plain(let string): return string.isEmpty ? [] : [.text(string)]
      case .tree(let nodes): return nodes
      case .markup(let markup): return markup.syntax.nodes(of: markup.text)
      }
    }
    set { self = CueText(nodes: newValue) }
  }

  /// The text when the cue has no markup at all, else nil.
  public var plainString: String? {
    switch storage {
    case .plain(let string): return string
    case .tree: return nil
    case .markup(let markup):
      return CueText(nodes: markup.syntax.nodes(of: markup.text)).plainString
    }
  }

  /// The visible text: every text node in order, markup dropped, ruby text (`<rt>`) kept.
  public var visibleText: String {
    let nodes: [CueNode]
    switch storage {
    case .plain(let string): return string
    case .tree(let tree): nodes = tree
    case .markup(let markup): nodes = markup.syntax.nodes(of: markup.text)
    }
    var result = ""
    var stack: [ArraySlice<CueNode>] = [nodes[...]]
    while var top = stack.popLast() {
      guard let node = top.popFirst() else { continue }
      stack.append(top)
      switch node {
      case .text(let string): result += string
      case .timestamp: break
      case .element(let element): stack.append(element.children[...])
      }
    }
    return result
  }

  public static func == (lhs: CueText, rhs: CueText) -> Bool {
    switch (lhs.storage, rhs.storage) {
    case (.plain(let a), .plain(let b)): return a == b
    case (.markup(let a), .markup(let b)) where a.syntax === b.syntax:
      return a === b || a.text == b.text || lhs.nodes == rhs.nodes
    default: return lhs.nodes == rhs.nodes
    }
  }

  public func hash(into hasher: inout Hasher) {
    if case .plain(let string) = storage, !string.isEmpty {
      hasher.combine(1)
      hasher.combine(CueNode.text(string))
      return
    }
    hasher.combine(nodes)
  }
}

/// A node of a cue text tree.
public enum CueNode: Sendable, Hashable {
  case text(String)
  /// An inner timestamp, `<00:00:01.500>`: karaoke-style timing inside the cue.
  case timestamp(MediaTime)
  case element(CueElement)
}

/// An element of a cue text tree: `<c.class>`, `<i>`, `<b>`, `<u>`, `<ruby>`, `<rt>`,
/// `<v Name>`, `<lang tag>`.
public struct CueElement: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case `class` = "c"
    case italic = "i"
    case bold = "b"
    case underline = "u"
    case ruby = "ruby"
    case rubyText = "rt"
    case voice = "v"
    case language = "lang"
  }

  public var kind: Kind
  /// Class names from the start tag (`<c.yellow.loud>` has `["yellow", "loud"]`).
  public var classes: [String]
  /// The voice name of `<v>` or the language tag of `<lang>`; nil for the other kinds.
  public var annotation: String?
  public var children: [CueNode]

  public init(
    kind: Kind, classes: [String] = [], annotation: String? = nil, children: [CueNode] = []
  ) {
    self.kind = kind
    self.classes = classes
    self.annotation = annotation
    self.children = children
  }
}
