/// One of the eight windows of a CEA-708 caption service: where it sits, whether it is shown,
/// its rows of text and its pen.
struct CEA708Window: Sendable {
  typealias Cell = CEA608Screen.Cell

  /// How the text of each row is aligned in the window (`SetWindowAttributes` justify).
  enum Justify: Int, Sendable {
    case left = 0, right, center, full
  }

  var visible: Bool
  /// 0 (highest) to 7.
  var priority: Int
  /// True when the anchor is given in percent of the screen, false when on the grid of 75
  /// rows and `gridColumns` columns.
  var relative: Bool
  /// The columns of the anchor grid: 210 for a 16:9 picture, 160 for 4:3.
  var gridColumns = 210
  var anchorVertical: Int
  var anchorHorizontal: Int
  /// Which point of the window the anchor is: 0-8, left to right then top to bottom.
  var anchorPoint: Int
  var justify: Justify
  /// Text rows; each as wide as the window.
  private(set) var cells: [[Cell?]]
  var penRow = 0
  var penColumn = 0
  var penStyle = CEA608Style.plain

  var rowCount: Int { cells.count }
  var columnCount: Int { cells.first?.count ?? 0 }

  init(
    visible: Bool, priority: Int, relative: Bool, anchorVertical: Int, anchorHorizontal: Int,
    anchorPoint: Int, rows: Int, columns: Int, justify: Justify
  ) {
    self.visible = visible
    self.priority = priority
    self.relative = relative
    self.anchorVertical = anchorVertical
    self.anchorHorizontal = anchorHorizontal
    self.anchorPoint = anchorPoint
    self.justify = justify
    cells = Array(repeating: Array(repeating: nil, count: columns), count: rows)
  }

  /// Changes the window's size, keeping the text that still fits (from the top left) and the
  /// pen inside.
  mutating func resize(rows: Int, columns: Int) {
    guard rows != rowCount || columns != columnCount else { return }
    var resized: [[Cell?]] = Array(
      repeating: Array(repeating: nil, count: columns), count: rows)
    for row in 0..<min(rows, rowCount) {
      for column in 0..<min(columns, columnCount) { resized[row][column] = cells[row][column] }
    }
    cells = resized
    penRow = min(penRow, rows - 1)
    penColumn = min(penColumn, columns)
  }

  /// True when a cell holds a character other than a space.
  var hasText: Bool { cells.contains { Self.hasText($0) } }

  static func hasText(_ line: [Cell?]) -> Bool {
    line.contains { $0 != nil && $0?.character != " " }
  }

  /// Empties every row; the pen stays where it is.
  mutating func clear() {
    for index in cells.indices where cells[index].contains(where: { $0 != nil }) {
      cells[index] = Array(repeating: nil, count: columnCount)
    }
  }

  /// Writes `character` at the pen and moves the pen right; false when the pen is past the
  /// last column, where the character is dropped.
  mutating func write(_ character: Character) -> Bool {
    guard penColumn < columnCount else { return false }
    cells[penRow][penColumn] = Cell(character: character, style: penStyle)
    penColumn += 1
    return true
  }

  /// Moves the pen back one column and erases the character there.
  mutating func backspace() {
    guard penColumn > 0 else { return }
    penColumn -= 1
    cells[penRow][penColumn] = nil
  }

  /// Moves the pen to the start of the next row, scrolling the rows up one when it is on
  /// the last.
  mutating func carriageReturn() {
    penColumn = 0
    if penRow + 1 < rowCount {
      penRow += 1
    } else {
      cells.removeFirst()
      cells.append(Array(repeating: nil, count: columnCount))
    }
  }

  /// Empties the pen's row and moves the pen to its start.
  mutating func clearRow() {
    cells[penRow] = Array(repeating: nil, count: columnCount)
    penColumn = 0
  }

  /// The anchor as fractions of the caption area (0 to 1), vertical then horizontal.
  var anchorFractions: (vertical: Double, horizontal: Double) {
    if relative {
      return (min(1, Double(anchorVertical) / 100), min(1, Double(anchorHorizontal) / 100))
    }
    return (
      min(1, Double(anchorVertical) / 75), min(1, Double(anchorHorizontal) / Double(gridColumns))
    )
  }

  /// The window's place as WebVTT cue settings, in the middle 80% of each dimension of the
  /// picture (the caption area), as 608 rows are.
  var settings: CueSettings {
    let (vertical, horizontal) = anchorFractions
    func percent(_ fraction: Double) -> Double { ((10 + fraction * 80) * 100).rounded() / 100 }
    let lineAlign: CueSettings.LineAlign =
      anchorPoint / 3 == 0 ? .start : anchorPoint / 3 == 1 ? .center : .end
    let positionAlign: CueSettings.PositionAlign =
      anchorPoint % 3 == 0 ? .lineLeft : anchorPoint % 3 == 1 ? .center : .lineRight
    let align: CueSettings.Align =
      switch justify {
      case .left, .full: .start
      case .right: .end
      case .center: .center
      }
    return CueSettings(
      line: percent(vertical), snapToLines: false, lineAlign: lineAlign,
      position: percent(horizontal), positionAlign: positionAlign, align: align)
  }
}
