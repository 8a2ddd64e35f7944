import CaptionCore

/// The raw text of a cue whose text a repair changed: the text itself when it has no markup,
/// else the text written as WebVTT cue text (tags in `<>`, `&`, `<` and `>` escaped), as
/// other cues made in memory are (`CEA608Screen`). Writers write the cue from its tree; the
/// raw text is what the JSON track and the packagers' duplicate checks read.
enum RawText {
  static func of(_ text: CueText) -> String {
    if let plain = text.plainString { return plain }
    var result = ""
    var stack: [(nodes: ArraySlice<CueNode>, kind: CueElement.Kind?)] = [(text.nodes[...], nil)]
    while var top = stack.popLast() {
      guard let node = top.nodes.popFirst() else {
        if let kind = top.kind { result += "</\(kind.rawValue)>" }
        continue
      }
      stack.append(top)
      switch node {
      case .text(let string):
        for character in string {
          switch character {
          case "&": result += "&amp;"
          case "<": result += "&lt;"
          case ">": result += "&gt;"
          default: result.append(character)
          }
        }
      case .timestamp(let time):
        result += "<\(time.timestamp())>"
      case .element(let element):
        result += "<\(element.kind.rawValue)"
        for name in element.classes { result += ".\(name)" }
        if let annotation = element.annotation, !annotation.isEmpty {
          result += " "
          for character in annotation {
            switch character {
            case "&": result += "&amp;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
          }
        }
        result += ">"
        stack.append((element.children[...], element.kind))
      }
    }
    return result
  }
}
