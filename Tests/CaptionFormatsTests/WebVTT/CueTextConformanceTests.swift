import CaptionCore
import CaptionFormats
import Foundation
import Testing

/// The browsers' cue text tree tests (`expected/cue-text-parsing/*.json` of the WebVTT
/// conformance suite): each cue text parses to the DOM the browsers build.
@Suite(.enabled(if: ConformanceSuite.isConfigured, ConformanceSuite.skipComment))
struct CueTextConformanceTests {
  static let suites = ["entities", "tags", "text", "timestamps", "tree-building"]

  /// One case of the suite.
  struct Case: Sendable, CustomTestStringConvertible {
    var suite: String
    var index: Int
    var cueText: String
    var expected: DOMNode.List

    var testDescription: String { "\(suite) #\(index): \(cueText.debugDescription)" }
  }

  static func load() throws -> [Case] {
    var cases: [Case] = []
    for suite in suites {
      let data = try ConformanceSuite.data("expected/cue-text-parsing/\(suite).json")
      let object = try JSONSerialization.jsonObject(with: data)
      guard let file = object as? [String: Any], let entries = file["cases"] as? [[String: Any]]
      else { throw DOMNode.Malformed(description: "\(suite).json has no cases") }
      for entry in entries {
        guard let index = entry["index"] as? Int, let text = entry["cue_text"] as? String,
          let dom = entry["expected_dom"] as? [Any]
        else { throw DOMNode.Malformed(description: "\(suite).json has a malformed case") }
        cases.append(
          Case(suite: suite, index: index, cueText: text, expected: .init(try DOMNode.list(dom))))
      }
    }
    return cases
  }

  /// The cases, or none when the suite is not configured (then `suiteHasEveryCase` fails or
  /// the suite is skipped).
  static let cases: [Case] = ConformanceSuite.isConfigured ? ((try? load()) ?? []) : []

  @Test func suiteHasEveryCase() throws {
    #expect(try Self.load().count == 77)
  }

  @Test(arguments: cases)
  func cueTextParsesToTheBrowsersTree(_ testCase: Case) {
    let parsed = CueTextParser.parse(Self.cueText(fromFile: testCase.cueText))
    #expect(DOMNode.List(parsed.text.nodes) == testCase.expected, "\(testCase.testDescription)")
  }

  /// The cue text as the file parser hands it over: NUL replaced by U+FFFD, and cut at the
  /// first blank line (which ends the cue block).
  static func cueText(fromFile text: String) -> String {
    let replaced = text.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}")
    var lines: [Substring] = []
    for line in replaced.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.isEmpty { break }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}

/// A DOM node as the suite writes it: what `getCueAsHTML()` builds from a cue text.
enum DOMNode: Hashable, Sendable, CustomStringConvertible {
  case text(String)
  case timestamp(String)
  case element(name: String, attributes: [String: String], children: [DOMNode])

  struct Malformed: Error, CustomStringConvertible {
    var description: String
  }

  /// A list of nodes, printed one a line when an expectation fails.
  struct List: Hashable, Sendable, CustomStringConvertible {
    var nodes: [DOMNode]
    init(_ nodes: [DOMNode]) { self.nodes = nodes }
    init(_ nodes: [CueNode]) { self.nodes = nodes.map(DOMNode.init) }
    var description: String { "[" + nodes.map(\.description).joined(separator: ", ") + "]" }
  }

  /// The DOM node the WebVTT cue text DOM construction rules make of `node`.
  init(_ node: CueNode) {
    switch node {
    case .text(let string): self = .text(string)
    case .timestamp(let time): self = .timestamp(time.description)
    case .element(let element):
      var attributes: [String: String] = [:]
      if !element.classes.isEmpty { attributes["class"] = element.classes.joined(separator: " ") }
      let name: String
      switch element.kind {
      case .class: name = "span"
      case .voice:
        name = "span"
        attributes["title"] = element.annotation ?? ""
      case .language:
        name = "span"
        attributes["lang"] = element.annotation ?? ""
      default: name = element.kind.rawValue
      }
      self = .element(
        name: name, attributes: attributes, children: element.children.map(DOMNode.init))
    }
  }

  static func list(_ json: [Any]) throws -> [DOMNode] {
    try json.map { item in
      guard let object = item as? [String: Any], let type = object["type"] as? String else {
        throw Malformed(description: "node without a type")
      }
      switch type {
      case "text", "timestamp":
        guard let value = object["value"] as? String else {
          throw Malformed(description: "\(type) node without a value")
        }
        return type == "text" ? .text(value) : .timestamp(value)
      case "element":
        guard let name = object["name"] as? String,
          let attributes = object["attrs"] as? [String: String],
          let children = object["children"] as? [Any]
        else { throw Malformed(description: "malformed element node") }
        return .element(name: name, attributes: attributes, children: try list(children))
      default:
        throw Malformed(description: "unknown node type \(type)")
      }
    }
  }

  var description: String {
    switch self {
    case .text(let string): return string.debugDescription
    case .timestamp(let value): return "<?timestamp \(value)>"
    case .element(let name, let attributes, let children):
      let attrs = attributes.sorted { $0.key < $1.key }.map { " \($0.key)=\"\($0.value)\"" }
      return "<\(name)\(attrs.joined())>" + children.map(\.description).joined() + "</\(name)>"
    }
  }
}
