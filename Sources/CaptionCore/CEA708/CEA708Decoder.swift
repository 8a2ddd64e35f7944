/// Turns the service blocks of one CEA-708 (DTVCC) caption service into cues.
///
/// Feed the blocks' data in the order received (`decode(_:at:)`), each with its time, then
/// call `finish(at:)`. The service has eight windows; the caption on screen is the text of
/// the visible ones, top to bottom. What becomes a cue (see `Docs/formats/cea-708.md`):
/// - a caption that replaces another (pop-on windows swapped, a window cleared and written
///   again): the text from the moment it is shown to the moment it changes;
/// - text added to what is shown (paint-on, a roll-up row being written): the same cue, with
///   the text as it is once complete;
/// - rows scrolled up (roll-up): the cue ends, and the next one holds only the rows that
///   were not shown before, so that no text is repeated from cue to cue.
///
/// The screen is looked at once per block, after all its commands: a window shown and
/// another hidden by one block is one change. `DLY` holds the commands after it for its
/// time (or until `DLC`); they then take effect at that time.
public struct CEA708Decoder: Sendable {
  public let service: Int
  private var windows: [CEA708Window?] = Array(repeating: nil, count: 8)
  private var current: Int?
  /// Bytes of a command whose parameters run into the next block.
  private var leftover: [UInt8] = []
  /// While a `DLY` holds: when it ends, and the commands held.
  private var delayedUntil: MediaTime?
  private var held: [CEA708Command] = []
  /// The caption as last looked at: its rows and the window of each.
  private var shown: [(plain: String, cells: [CEA708Window.Cell?], window: Int)] = []
  /// The cue being shown: when it started and the first row of `shown` it holds.
  private var cueStart: MediaTime?
  private var cueBase = 0
  private var cueSettings = CueSettings.default
  /// True after a carriage return in a shown window, until the screen changes.
  private var rowStarted = false
  private var cues: [Cue] = []
  /// The time of the latest block.
  private var lastTime: MediaTime?
  private var findings: [CEA708Finding] = []
  /// True once text past a window's last column was reported, until the pen moves to
  /// another row; true once text without a window was reported.
  private var reportedOverflow = false
  private var reportedNoWindow = false
  /// True once the service defined a window.
  private var defined = false

  /// The most findings kept; the rest are counted in one more.
  static let findingLimit = 50
  private var omittedFindings = 0
  private var omittedLoseText = false

  /// The columns of the grid absolute anchors are given on: 210 for a 16:9 picture, 160 for
  /// 4:3.
  public let gridColumns: Int

  /// A decoder of `service`, for a picture of 16:9 (`wide`) or 4:3.
  public init(service: Int, wide: Bool = true) {
    self.service = service
    gridColumns = wide ? 210 : 160
  }

  /// Decodes the data of one service block received at `time`.
  public mutating func decode(_ block: [UInt8], at time: MediaTime) {
    lastTime = max(lastTime ?? time, time)
    releaseDelay(before: time)
    let bytes = leftover + block
    leftover = []
    var position = bytes.startIndex
    while position < bytes.endIndex {
      guard let (command, length) = CEA708Command.read(bytes[position...]) else {
        leftover = Array(bytes[position...])
        break
      }
      position += length
      guard delayedUntil != nil else {
        execute(command, at: time)
        continue
      }
      switch command {
      case .delayCancel:
        delayedUntil = nil
        run(held, at: time)
      case .reset:
        // A reset cancels the delay and what it held.
        delayedUntil = nil
        held = []
        execute(command, at: time)
      default:
        held.append(command)
      }
    }
    look(at: time)
  }

  /// Ends what is still shown at `end` (or the last block's time when `end` is nil or
  /// earlier) and gives the cues and findings.
  public mutating func finish(at end: MediaTime?) -> CEA708ServiceCaptions {
    while let until = delayedUntil { releaseDelay(before: until) }
    if !leftover.isEmpty {
      note(
        .warning, "the service's data ends inside a command (\(leftover.count) bytes); ignored",
        at: lastTime ?? .zero)
    }
    if let start = cueStart, let ending = end.map({ max($0, lastTime ?? $0) }) ?? lastTime {
      endCue(at: max(ending, start))
    }
    if omittedFindings > 0 {
      findings.append(
        CEA708Finding(
          severity: .warning,
          message: "\(omittedFindings) more problems in this service's data are not listed",
          time: findings.last?.time ?? .zero, losesText: omittedLoseText))
    }
    return CEA708ServiceCaptions(service: service, cues: cues, findings: findings)
  }

  // MARK: Commands

  /// Runs the held commands of each delay that ends by `time`, at the time it ends.
  private mutating func releaseDelay(before time: MediaTime) {
    while let until = delayedUntil, until <= time {
      delayedUntil = nil
      run(held, at: until)
      look(at: until)
    }
  }

  /// Runs `commands` at `time` until one of them starts a delay, which holds the rest.
  private mutating func run(_ commands: [CEA708Command], at time: MediaTime) {
    held = []
    for (index, command) in commands.enumerated() {
      if delayedUntil != nil {
        held = Array(commands[index...])
        return
      }
      execute(command, at: time)
    }
  }

  private mutating func execute(_ command: CEA708Command, at time: MediaTime) {
    switch command {
    case .character(let character):
      write(character, at: time)
    case .unsupported(let code):
      note(.warning, "\(code) is not read; shown as _", at: time, losesText: true)
      write("_", at: time)
    case .backspace:
      withCurrent { $0.backspace() }
    case .formFeed:
      withCurrent { window in
        window.clear()
        window.penRow = 0
        window.penColumn = 0
      }
    case .carriageReturn:
      withCurrent { $0.carriageReturn() }
      if let number = current, windows[number]?.visible == true { rowStarted = true }
      reportedOverflow = false
    case .horizontalCarriageReturn:
      withCurrent { $0.clearRow() }
      reportedOverflow = false
    case .setCurrentWindow(let number):
      if windows[number] != nil {
        current = number
      } else if defined {
        // Before the service's first definition, the data may start in the middle of a
        // caption (a recording of a broadcast): nothing to say.
        note(
          .warning, "window \(number) is chosen while it is not defined; the command is ignored",
          at: time)
      }
    case .clearWindows(let map):
      forWindows(map) { $0.clear() }
    case .displayWindows(let map):
      forWindows(map) { $0.visible = true }
    case .hideWindows(let map):
      forWindows(map) { $0.visible = false }
    case .toggleWindows(let map):
      forWindows(map) { $0.visible.toggle() }
    case .deleteWindows(let map):
      for number in 0..<8 where map & (1 << number) != 0 {
        windows[number] = nil
        if current == number { current = nil }
      }
    case .delay(let tenths):
      delayedUntil = time + MediaTime(value: Int64(tenths), timescale: 10)
    case .delayCancel:
      break
    case .reset:
      windows = Array(repeating: nil, count: 8)
      current = nil
    case .penAttributes(let italic, let underline):
      withCurrent { window in
        window.penStyle.italic = italic
        window.penStyle.underline = underline
      }
    case .penColor(let color):
      withCurrent { $0.penStyle.color = color }
    case .penLocation(let row, let column):
      withCurrent { window in
        window.penRow = min(row, window.rowCount - 1)
        window.penColumn = min(column, window.columnCount)
      }
      reportedOverflow = false
    case .windowAttributes(let justify):
      withCurrent { $0.justify = CEA708Window.Justify(rawValue: justify) ?? .left }
    case .defineWindow(let number, let values):
      define(number, values)
    case .ignored:
      break
    case .unknown(let code):
      note(.warning, "\(code) is not a 708 command; ignored", at: time)
    }
  }

  /// `DFx`: creates window `number`, or changes it when it exists (keeping its text), and
  /// makes it the current window.
  private mutating func define(_ number: Int, _ values: [UInt8]) {
    if !defined { reportedNoWindow = false }
    defined = true
    let visible = values[0] & 0x20 != 0
    let priority = Int(values[0] & 0x07)
    let relative = values[1] & 0x80 != 0
    let vertical = Int(values[1] & 0x7F)
    let horizontal = Int(values[2])
    let anchorPoint = min(8, Int(values[3] >> 4))
    let rows = Int(values[3] & 0x0F) + 1
    let columns = Int(values[4] & 0x3F) + 1
    let style = Int(values[5] >> 3 & 0x07)
    if var window = windows[number] {
      window.visible = visible
      window.priority = priority
      window.relative = relative
      window.anchorVertical = vertical
      window.anchorHorizontal = horizontal
      window.anchorPoint = anchorPoint
      window.resize(rows: rows, columns: columns)
      windows[number] = window
    } else {
      // Predefined window styles 3 and 6 centre the text; the others justify it left.
      var window = CEA708Window(
        visible: visible, priority: priority, relative: relative, anchorVertical: vertical,
        anchorHorizontal: horizontal, anchorPoint: anchorPoint, rows: rows, columns: columns,
        justify: style == 3 || style == 6 ? .center : .left)
      window.gridColumns = gridColumns
      windows[number] = window
    }
    current = number
  }

  private mutating func write(_ character: Character, at time: MediaTime) {
    guard let number = current, windows[number] != nil else {
      if !reportedNoWindow {
        reportedNoWindow = true
        if defined {
          note(
            .warning, "text comes while no window is current; it is dropped", at: time,
            losesText: true)
        } else {
          // A recording that starts in the middle of a caption: its window was defined
          // before the data begins.
          note(
            .remark,
            "text comes before the service defines a window (the data may begin in the middle "
              + "of a caption); it is left out", at: time)
        }
      }
      return
    }
    if windows[number]?.write(character) == false, !reportedOverflow {
      reportedOverflow = true
      note(
        .warning,
        "text is written past the last column of window \(number) "
          + "(\(windows[number]?.columnCount ?? 0) columns); it is dropped", at: time,
        losesText: true)
    }
  }

  private mutating func withCurrent(_ body: (inout CEA708Window) -> Void) {
    guard let number = current, var window = windows[number] else { return }
    body(&window)
    windows[number] = window
  }

  private mutating func forWindows(_ map: UInt8, _ body: (inout CEA708Window) -> Void) {
    for number in 0..<8 where map & (1 << number) != 0 {
      guard var window = windows[number] else { continue }
      body(&window)
      windows[number] = window
    }
  }

  // MARK: Cues

  /// The rows of the visible windows, top to bottom (by anchor, then priority).
  private var visibleRows: [(plain: String, cells: [CEA708Window.Cell?], window: Int)] {
    let shownWindows = windows.enumerated().compactMap { number, window in
      window.flatMap { $0.visible && $0.hasText ? (number, $0) : nil }
    }
    let order = shownWindows.sorted { left, right in
      let (a, b) = (left.1.anchorFractions.vertical, right.1.anchorFractions.vertical)
      if a != b { return a < b }
      if left.1.priority != right.1.priority { return left.1.priority < right.1.priority }
      return left.0 < right.0
    }
    .map(\.0)
    var rows: [(plain: String, cells: [CEA708Window.Cell?], window: Int)] = []
    for number in order {
      guard let window = windows[number] else { continue }
      for line in window.cells {
        var plain = String(line.map { $0?.character ?? " " })
        while plain.last == " " { plain.removeLast() }
        rows.append((plain, line, number))
      }
    }
    return rows
  }

  /// Compares the screen with what was shown and ends, extends or starts cues.
  private mutating func look(at time: MediaTime) {
    let now = visibleRows
    let before = shown.map(\.plain)
    let after = now.map(\.plain)
    guard before != after else { return }
    let newRow = rowStarted
    rowStarted = false
    defer { shown = now }
    if after.allSatisfy(\.isEmpty) {
      endCue(at: time)
      cueBase = 0
      return
    }
    if after.count >= before.count, zip(before, after).allSatisfy({ $1.hasPrefix($0) }) {
      let changed = after.indices.first { $0 >= before.count || after[$0] != before[$0] } ?? 0
      if newRow, cueStart != nil, changed > cueBase,
        !before[changed...].contains(where: { !$0.isEmpty })
      {
        // A row begun after a carriage return in a shown window: a cue of its own.
        endCue(at: time)
        cueBase = changed
      }
      // Text added: the cue goes on with it; it starts once its rows hold text.
      if cueStart == nil { startCue(at: time, rows: now) }
      return
    }
    endCue(at: time)
    cueBase = 0
    // Rows scrolled up by `lines`: the rows shown before are not repeated.
    if let lines = (1..<max(1, before.count)).first(where: { lines in
      let kept = before.count - lines
      guard after.count >= kept else { return false }
      return (0..<kept).allSatisfy { after[$0].hasPrefix(before[lines + $0]) }
        && (0..<(kept - 1)).allSatisfy { after[$0] == before[lines + $0] }
    }) {
      cueBase = before.count - lines
    }
    startCue(at: time, rows: now)
  }

  /// Starts a cue at `time` when the rows of `rows` from `cueBase` on hold text.
  private mutating func startCue(
    at time: MediaTime, rows: [(plain: String, cells: [CEA708Window.Cell?], window: Int)]
  ) {
    guard rows.indices.contains(cueBase),
      let first = rows[cueBase...].first(where: { !$0.plain.isEmpty })
    else { return }
    cueStart = time
    cueSettings = windows[first.window]?.settings ?? .default
  }

  /// Ends the cue being shown at `time`, with the text of its rows as last shown.
  private mutating func endCue(at time: MediaTime) {
    guard let start = cueStart else { return }
    cueStart = nil
    let rows = shown.indices.contains(cueBase) ? Array(shown[cueBase...]) : []
    let lines = rows.filter { !$0.plain.isEmpty }
    let (first, last) = (start.converted(to: 1000), time.converted(to: 1000))
    guard !lines.isEmpty, first < last else { return }
    let (text, raw) = CEA608Screen.text(lines: lines.map(\.cells))
    cues.append(Cue(start: first, end: last, settings: cueSettings, text: text, rawText: raw))
  }

  private mutating func note(
    _ severity: Severity, _ message: String, at time: MediaTime, losesText: Bool = false
  ) {
    guard findings.count < Self.findingLimit else {
      omittedFindings += 1
      omittedLoseText = omittedLoseText || losesText
      return
    }
    findings.append(
      CEA708Finding(severity: severity, message: message, time: time, losesText: losesText))
  }
}
