import CaptionCore
import CaptionFormats
import Foundation

/// Helpers the SRT tests share.
enum SRTTestSupport {
  /// The repository's root folder, found from this file's place in it.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func sample(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: root.appendingPathComponent("Samples/srt/\(name)")))
  }
}

extension Diagnostic {
  /// `line:column: severity: message`, the part of the compiler-style line a test checks.
  var summary: String {
    let place = location.map { "\($0.line):\($0.column)" } ?? "-"
    return "\(place): \(severity.rawValue): \(message)"
  }
}

extension CueText {
  /// A compact, unambiguous form of the tree: `i(b("x"))`, `c.yellow("y")`, `"text"`, with
  /// line breaks as `\n`.
  var dump: String {
    var out = ""
    var stack: [(ArraySlice<CueNode>, String)] = [(nodes[...], "")]
    var first = [true]
    while !stack.isEmpty {
      guard let node = stack[stack.count - 1].0.popFirst() else {
        if let last = stack.popLast() { out += last.1 }
        first.removeLast()
        continue
      }
      if first[first.count - 1] { first[first.count - 1] = false } else { out += " " }
      switch node {
      case .text(let string):
        out += "\"\(string.replacingOccurrences(of: "\n", with: "\\n"))\""
      case .timestamp(let time): out += "<\(time)>"
      case .element(let element):
        out += element.kind.rawValue + element.classes.map { ".\($0)" }.joined()
        if let annotation = element.annotation { out += "[\(annotation)]" }
        out += "("
        stack.append((element.children[...], ")"))
        first.append(true)
      }
    }
    return out
  }
}
