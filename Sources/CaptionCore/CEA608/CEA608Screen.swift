/// One caption memory of a channel (displayed or non-displayed): 15 rows of 32 columns,
/// each cell empty or holding a character and its style.
struct CEA608Screen: Sendable {
  struct Cell: Sendable, Hashable {
    var character: Character
    var style: CEA608Style
  }

  static let rows = 15
  static let columns = 32

  /// Rows 1-15 at indices 0-14.
  private(set) var cells: [[Cell?]] = Array(
    repeating: Array(repeating: nil, count: CEA608Screen.columns), count: CEA608Screen.rows)

  /// True when no cell holds a character other than a space.
  var isBlank: Bool {
    cells.allSatisfy { row in row.allSatisfy { $0 == nil || $0?.character == " " } }
  }

  /// The rows (1-15) that hold a character other than a space.
  var textRows: [Int] {
    (1...Self.rows).filter { rowHasText($0) }
  }

  func rowHasText(_ row: Int) -> Bool {
    cells[row - 1].contains { $0 != nil && $0?.character != " " }
  }

  subscript(row: Int, column: Int) -> Cell? {
    get { cells[row - 1][column] }
    set { cells[row - 1][column] = newValue }
  }

  mutating func clear() {
    for index in cells.indices where cells[index].contains(where: { $0 != nil }) {
      cells[index] = Array(repeating: nil, count: Self.columns)
    }
  }

  mutating func clear(row: Int) {
    cells[row - 1] = Array(repeating: nil, count: Self.columns)
  }

  /// Clears `row` from `column` to its end; true when a character other than a space went.
  mutating func clear(row: Int, from column: Int) -> Bool {
    var removed = false
    for index in column..<Self.columns {
      if let cell = cells[row - 1][index], cell.character != " " { removed = true }
      cells[row - 1][index] = nil
    }
    return removed
  }

  /// Moves row `from` to row `to`, leaving `from` empty.
  mutating func move(row from: Int, to: Int) {
    guard from != to else { return }
    cells[to - 1] = cells[from - 1]
    cells[from - 1] = Array(repeating: nil, count: Self.columns)
  }

  /// The leftmost column holding a character other than a space on `row`; nil when none.
  func indent(of row: Int) -> Int? {
    cells[row - 1].firstIndex { $0 != nil && $0?.character != " " }
  }

  /// The text of `rows` as cue text, one line per row: from each row's first character other
  /// than a space to its last, empty cells read as spaces, runs of one style wrapped in
  /// `<c.colour>`, `<i>` and `<u>` (in that order, outermost first).
  func text(rows: [Int]) -> (text: CueText, rawText: String) {
    Self.text(lines: rows.map { cells[$0 - 1] })
  }

  /// The text of `lines` (rows of cells of any width) as cue text, as `text(rows:)` gives it.
  static func text(lines: [[Cell?]]) -> (text: CueText, rawText: String) {
    var nodes: [CueNode] = []
    var raw = ""
    for (number, line) in lines.enumerated() {
      if number > 0 {
        nodes.append(.text("\n"))
        raw += "\n"
      }
      guard let first = line.firstIndex(where: { $0 != nil && $0?.character != " " }),
        let last = line.lastIndex(where: { $0 != nil && $0?.character != " " })
      else { continue }
      // Each cell's character and style; a space takes the style of the character before
      // it, or plain when the next character is plain, so that styles end at words.
      var runs: [(style: CEA608Style, text: String)] = []
      var previous = CEA608Style.plain
      for column in first...last {
        let cell = line[column]
        var style: CEA608Style
        let character = cell?.character ?? " "
        if character == " " || character == "\u{00A0}" {
          let next = line[(column + 1)...].first { $0 != nil && $0?.character != " " }
          style = next??.style == .plain ? .plain : previous
        } else {
          style = cell?.style ?? .plain
          previous = style
        }
        if let last = runs.last, last.style == style {
          runs[runs.count - 1].text.append(character)
        } else {
          runs.append((style, String(character)))
        }
      }
      for run in runs {
        var node = CueNode.text(run.text)
        var open = ""
        var close = ""
        if run.style.underline {
          node = .element(CueElement(kind: .underline, children: [node]))
          open = "<u>" + open
          close += "</u>"
        }
        if run.style.italic {
          node = .element(CueElement(kind: .italic, children: [node]))
          open = "<i>" + open
          close += "</i>"
        }
        if run.style.color != .white {
          let name = run.style.color.rawValue
          node = .element(CueElement(kind: .class, classes: [name], children: [node]))
          open = "<c.\(name)>" + open
          close += "</c>"
        }
        nodes.append(node)
        raw += open + escaped(run.text) + close
      }
    }
    return (CueText(nodes: merged(nodes)), raw)
  }

  /// `nodes` with neighbouring text nodes joined.
  private static func merged(_ nodes: [CueNode]) -> [CueNode] {
    var result: [CueNode] = []
    for node in nodes {
      if case .text(let text) = node, case .text(let before)? = result.last {
        result[result.count - 1] = .text(before + text)
      } else {
        result.append(node)
      }
    }
    return result
  }

  private static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      default: result.append(character)
      }
    }
    return result
  }
}
