/// Turns CEA-608 byte pairs into cues, per caption channel (CC1-CC4), with the XDS program
/// facts of field 2 and a finding for each problem.
///
/// Feed the pairs in the order received (`decode(_:)`), each with its field and time, then
/// call `finish(at:)`. The two fields are decoded apart: field 1 carries CC1 and CC2, field 2
/// CC3, CC4 and XDS. Within a field, data after a channel's control code belongs to that
/// channel until a control code of the other one.
///
/// What becomes a cue (see `Docs/formats/cea-608.md`):
/// - pop-on: the displayed memory from the End Of Caption that shows it to the code that
///   erases or replaces it;
/// - roll-up: each row, from the carriage return (or roll-up code or erasure) that made room
///   for it to the carriage return that rolls it up (or the code that erases it), so that no
///   text is repeated from cue to cue;
/// - paint-on: the displayed memory from its first character until a character is erased or
///   overwritten (the text then as it was before), or the display is erased.
///
/// Rows and indents become `line` and `position` percentages of the 608 safe area (the
/// middle 80% of each dimension): `line = 10 + (row - 1) × 80 / 15` for the top row and
/// `position = 10 + column × 80 / 32` for the leftmost indent, with `align: start`.
public struct CEA608Decoder: Sendable {
  /// The state of one caption channel.
  private struct ChannelState: Sendable {
    var channel: CEA608Channel
    var mode: CEA608Mode?
    /// True after TR or RTD, until a caption mode code: the data is text service data.
    var textService = false
    var depth = 2
    var displayed = CEA608Screen()
    var hidden = CEA608Screen()
    var row = 15
    var column = 0
    var style = CEA608Style.plain
    /// When the displayed memory started to show what it shows (pop-on and paint-on).
    var shownSince: (time: MediaTime, location: SourceLocation?)?
    /// When the roll-up base row started to show what it shows.
    var rowSince: (time: MediaTime, location: SourceLocation?)?
    /// When the roll-up base row was last emptied for new text: the carriage return, roll-up
    /// code or erasure that made room for it.
    var rowOpened: (time: MediaTime, location: SourceLocation?)?
    /// True once a character past column 32 was reported on the cursor's row.
    var overflowReported = false
    var result: CEA608ChannelCaptions

    init(channel: CEA608Channel) {
      self.channel = channel
      result = CEA608ChannelCaptions(channel: channel)
    }
  }

  /// The state of one field.
  private struct FieldState: Sendable {
    /// The data channel (1 or 2) the last control code chose.
    var dataChannel = 1
    /// The last control pair, parity stripped, when it came in the pair before.
    var lastControl: (UInt8, UInt8)?
    /// True while XDS data is being received (field 2).
    var inXDS = false
    /// The finding about a control pair dropped for its parity with no good control pair
    /// before it, until the next pair tells whether its copy came.
    var droppedControl: Int?
  }

  /// An XDS packet being received.
  private struct XDSReceiving: Sendable {
    var classCode: UInt8
    var type: UInt8
    var bytes: [UInt8]
    var location: SourceLocation?
    var time: MediaTime
  }

  private var channels: [ChannelState] = CEA608Channel.allCases.map { ChannelState(channel: $0) }
  private var fields = [FieldState(), FieldState()]
  private var xdsOpen: [XDSReceiving] = []
  private var xdsCurrent: Int?
  private var xdsPackets: [CEA608XDSPacket] = []
  private var findings: [CEA608Finding] = []

  public init() {}

  /// Decodes one pair.
  public mutating func decode(_ pair: CEA608Pair) {
    let fieldIndex = pair.field == 2 ? 1 : 0
    let goodFirst = CEA608Characters.hasOddParity(pair.first)
    let goodSecond = CEA608Characters.hasOddParity(pair.second)
    var first = pair.first & 0x7F
    var second = pair.second & 0x7F
    if !goodFirst || !goodSecond {
      let which =
        !goodFirst && !goodSecond ? "both bytes" : !goodFirst ? "the first byte" : "the second byte"
      let pairText = hex(pair.first) + hex(pair.second)
      if first < 0x20 || (!goodSecond && second < 0x20) {
        settleDroppedControl(fieldIndex, copied: false)
        // Control codes are sent twice: after a good control pair this is likely its copy;
        // otherwise the next pair tells whether a copy follows.
        if fields[fieldIndex].lastControl == nil, first >= 0x10, first < 0x20 {
          fields[fieldIndex].droppedControl = findings.count
        }
        fields[fieldIndex].lastControl = nil
        note(
          .parity, .warning,
          "parity error in \(which) of pair \(pairText); the pair is dropped",
          hint: "each byte must have an odd number of bits set", pair: pair)
        return
      }
      note(
        .parity, .warning,
        "parity error in \(which) of pair \(pairText); shown as a solid block",
        hint: "each byte must have an odd number of bits set", pair: pair)
      if !goodFirst { first = 0x7F }
      if !goodSecond { second = 0x7F }
    }
    if first == 0, second == 0 {
      fields[fieldIndex].lastControl = nil
      return
    }
    settleDroppedControl(
      fieldIndex, copied: goodFirst && goodSecond && first >= 0x10 && first < 0x20)
    if fieldIndex == 1, first >= 0x01, first <= 0x0F {
      fields[fieldIndex].lastControl = nil
      xdsControl(first, second, pair: pair)
      return
    }
    if first >= 0x10, first <= 0x1F {
      fields[fieldIndex].inXDS = false
      if let last = fields[fieldIndex].lastControl, last == (first, second) {
        // The second of a doubled control code.
        fields[fieldIndex].lastControl = nil
        return
      }
      fields[fieldIndex].lastControl = (first, second)
      let dataChannel = first & 0x08 == 0 ? 1 : 2
      fields[fieldIndex].dataChannel = dataChannel
      let index = CEA608Channel(field: fieldIndex + 1, dataChannel: dataChannel).rawValue - 1
      control(first & 0x17, second, channel: index, pair: pair)
      return
    }
    fields[fieldIndex].lastControl = nil
    if fieldIndex == 1, fields[fieldIndex].inXDS {
      xdsData(first, second)
      return
    }
    guard first >= 0x20 else {
      note(
        .unknownCode, .warning, "pair \(hex(pair.first))\(hex(pair.second)) is no 608 code",
        pair: pair)
      return
    }
    let channel =
      CEA608Channel(field: fieldIndex + 1, dataChannel: fields[fieldIndex].dataChannel).rawValue
      - 1
    for byte in [first, second] where byte >= 0x20 {
      if let character = CEA608Characters.standard(byte) {
        write(character, channel: channel, pair: pair)
      }
    }
  }

  /// Settles a control pair of field `fieldIndex` dropped for its parity: when the pair
  /// after it is no control pair (`copied` false), no copy came, and the command, which may
  /// have shown or erased a caption, was lost.
  private mutating func settleDroppedControl(_ fieldIndex: Int, copied: Bool) {
    guard let index = fields[fieldIndex].droppedControl else { return }
    fields[fieldIndex].droppedControl = nil
    guard !copied, findings.indices.contains(index) else { return }
    findings[index].losesText = true
    findings[index].message += "; no copy of it followed, so a command was lost"
  }

  /// Ends the decoding at `time` (the end of the media or file; the last pair's time when
  /// nil): what is still shown gets a cue ending then, with a finding, and returns all.
  public mutating func finish(at time: MediaTime? = nil) -> CEA608Captions {
    settleDroppedControl(0, copied: false)
    settleDroppedControl(1, copied: false)
    for index in channels.indices {
      let channel = channels[index].channel
      guard let open = channels[index].shownSince ?? channels[index].rowSince else { continue }
      // Without an end, a caption left on screen stays 4 seconds, as pycaption reads it.
      let end = time.map { max($0, open.time) } ?? open.time + MediaTime(milliseconds: 4000)
      let count = channels[index].result.cues.count
      closeRow(index, at: end)
      closeShown(index, at: end)
      if channels[index].result.cues.count > count {
        findings.append(
          CEA608Finding(
            kind: .stillShown, severity: .warning,
            message:
              "\(channel) caption shown at \(open.time.timestamp()) is still on screen at the end",
            hint: "erase it with EDM (942c) after its last End Of Caption", time: open.time,
            location: open.location, channel: channel))
      }
    }
    for packet in xdsOpen where !packet.bytes.isEmpty {
      findings.append(
        CEA608Finding(
          kind: .xdsChecksum, severity: .warning,
          message:
            "XDS packet of class \(packet.classCode) type \(packet.type) never ends (no 0x0F)",
          time: packet.time, location: packet.location))
    }
    xdsOpen = []
    var programName: String?
    var advisory: String?
    for packet in xdsPackets where packet.classCode == 1 {
      if packet.type == 0x03 { programName = packet.text }
      if packet.type == 0x05 { advisory = packet.contentAdvisory ?? advisory }
    }
    return CEA608Captions(
      channels: channels.map(\.result), programName: programName, contentAdvisory: advisory,
      xdsPackets: xdsPackets, findings: findings)
  }

  // MARK: Control codes

  /// Handles a control pair of channel `index`, its first byte made that of data channel 1.
  private mutating func control(
    _ first: UInt8, _ second: UInt8, channel index: Int, pair: CEA608Pair
  ) {
    switch (first, second) {
    case (0x10...0x17, 0x40...0x7F):
      preamble(first, second, channel: index, pair: pair)
    case (0x11, 0x20...0x2F):
      midRow(second, channel: index, pair: pair)
    case (0x11, 0x30...0x3F):
      if second == 0x39 {
        // Transparent space: the cursor moves on, the cell stays empty.
        moveCursor(by: 1, channel: index, pair: pair)
      } else if let character = CEA608Characters.special(second) {
        write(character, channel: index, pair: pair)
      }
    case (0x12...0x13, 0x20...0x3F):
      if let character = CEA608Characters.extended(set: first, second) {
        // An extended character replaces the standard one sent before it.
        backspace(channel: index, pair: pair, destructive: false)
        write(character, channel: index, pair: pair)
      }
    case (0x14...0x15, 0x20...0x2F):
      command(second, channel: index, pair: pair)
    case (0x17, 0x21...0x23):
      moveCursor(by: Int(second - 0x20), channel: index, pair: pair)
    case (0x10, 0x20...0x2F), (0x17, 0x2D...0x2F):
      // Background and font attributes: not kept.
      break
    default:
      note(
        .unknownCode, .warning,
        "pair \(hex(pair.first))\(hex(pair.second)) is no 608 control code; ignored",
        pair: pair, channel: index)
    }
  }

  /// A preamble address code: row, indent or style.
  private mutating func preamble(
    _ first: UInt8, _ second: UInt8, channel index: Int, pair: CEA608Pair
  ) {
    let rows = [11, 0, 1, 2, 3, 4, 12, 13, 14, 15, 5, 6, 7, 8, 9, 10]
    let row = rows[Int(first & 0x07) << 1 | Int(second >> 5 & 1)]
    guard row > 0 else {
      note(
        .unknownCode, .warning,
        "pair \(hex(pair.first))\(hex(pair.second)) addresses no row; ignored",
        pair: pair, channel: index)
      return
    }
    var state = channels[index]
    guard !state.textService else { return }
    let bits = second & 0x1F
    if state.mode == .rollUp, row != state.row {
      // The rows on screen move with the base row.
      var moved = CEA608Screen()
      for offset in 0..<state.depth where state.row - offset >= 1 && row - offset >= 1 {
        for column in 0..<CEA608Screen.columns {
          moved[row - offset, column] = state.displayed[state.row - offset, column]
        }
      }
      state.displayed = moved
    }
    state.row = row
    if bits >= 0x10 {
      state.column = Int(bits - 0x10) / 2 * 4
      state.style = CEA608Style(underline: bits & 1 == 1)
    } else {
      state.column = 0
      state.style = CEA608Style.attributes(bits)
    }
    state.overflowReported = false
    channels[index] = state
  }

  /// A mid-row code: a new style from here on the row, shown as a space.
  private mutating func midRow(_ second: UInt8, channel index: Int, pair: CEA608Pair) {
    guard !channels[index].textService else { return }
    let bits = second & 0x0F
    var style = CEA608Style.attributes(bits)
    if style.italic { style.color = channels[index].style.color }
    channels[index].style = style
    write(" ", channel: index, pair: pair)
  }

  /// A miscellaneous control code (`0x14`/`0x15` then `0x20`-`0x2F`).
  private mutating func command(_ code: UInt8, channel index: Int, pair: CEA608Pair) {
    let time = pair.time
    switch code {
    case 0x20:  // RCL
      enter(.popOn, channel: index, pair: pair)
    case 0x21:  // BS
      if !channels[index].textService { backspace(channel: index, pair: pair, destructive: true) }
    case 0x22, 0x23:  // AOF, AON: reserved
      break
    case 0x24:  // DER
      deleteToEndOfRow(channel: index, pair: pair)
    case 0x25...0x27:  // RU2, RU3, RU4
      let depth = Int(code - 0x23)
      enter(.rollUp, channel: index, pair: pair)
      if channels[index].result.rollUpDepths.last?.depth != depth {
        channels[index].result.rollUpDepths.append(
          CEA608ChannelCaptions.DepthChange(depth: depth, time: time))
      }
      channels[index].depth = depth
      if channels[index].rowSince == nil, channels[index].rowOpened == nil {
        channels[index].rowOpened = (time, pair.location)
      }
    case 0x28:  // FON: flash on, not kept
      break
    case 0x29:  // RDC
      enter(.paintOn, channel: index, pair: pair)
    case 0x2A, 0x2B:  // TR, RTD
      channels[index].textService = true
      if !channels[index].result.modes.contains(.text) {
        channels[index].result.modes.append(.text)
      }
    case 0x2C:  // EDM
      closeRow(index, at: time)
      closeShown(index, at: time)
      channels[index].displayed.clear()
      if channels[index].mode == .rollUp { channels[index].rowOpened = (time, pair.location) }
    case 0x2D:  // CR
      carriageReturn(channel: index, pair: pair)
    case 0x2E:  // ENM
      channels[index].hidden.clear()
    case 0x2F:  // EOC
      endOfCaption(channel: index, pair: pair)
    default:
      break
    }
  }

  /// Switches channel `index` to a caption mode, erasing what the switch erases: entering
  /// roll-up from another mode erases both memories; leaving roll-up erases the display.
  private mutating func enter(_ mode: CEA608Mode, channel index: Int, pair: CEA608Pair) {
    let time = pair.time
    channels[index].textService = false
    let old = channels[index].mode
    if !channels[index].result.modes.contains(mode) {
      channels[index].result.modes.append(mode)
    }
    if old == mode { return }
    if mode == .rollUp, old != nil {
      closeShown(index, at: time)
      channels[index].displayed.clear()
      channels[index].hidden.clear()
    } else if old == .rollUp {
      closeRow(index, at: time)
      closeShown(index, at: time)
      channels[index].displayed.clear()
    }
    if mode == .rollUp {
      channels[index].row = 15
      channels[index].column = 0
    }
    channels[index].mode = mode
  }

  private mutating func endOfCaption(channel index: Int, pair: CEA608Pair) {
    let time = pair.time
    if channels[index].mode != .popOn {
      enter(.popOn, channel: index, pair: pair)
    }
    closeShown(index, at: time)
    let shown = channels[index].displayed
    channels[index].displayed = channels[index].hidden
    channels[index].hidden = shown
    if !channels[index].displayed.isBlank {
      channels[index].shownSince = (time, pair.location)
    }
  }

  private mutating func carriageReturn(channel index: Int, pair: CEA608Pair) {
    var state = channels[index]
    guard !state.textService else { return }
    guard state.mode == .rollUp else {
      // Outside roll-up a carriage return moves the cursor to the next row's start.
      state.row = min(state.row + 1, CEA608Screen.rows)
      state.column = 0
      state.overflowReported = false
      channels[index] = state
      return
    }
    channels[index] = state
    closeRow(index, at: pair.time)
    state = channels[index]
    let top = max(1, state.row - state.depth + 1)
    var screen = CEA608Screen()
    if state.row > 1 {
      for row in top + 1...state.row {
        for column in 0..<CEA608Screen.columns {
          screen[row - 1, column] = state.displayed[row, column]
        }
      }
    }
    state.displayed = screen
    state.column = 0
    state.overflowReported = false
    state.rowOpened = (pair.time, pair.location)
    channels[index] = state
  }

  // MARK: Writing

  /// The memory channel `index` writes into: the hidden one in pop-on, else the displayed.
  private func writesHidden(_ index: Int) -> Bool {
    channels[index].mode == nil || channels[index].mode == .popOn
  }

  private mutating func write(_ character: Character, channel index: Int, pair: CEA608Pair) {
    var state = channels[index]
    guard !state.textService else { return }
    if state.column >= CEA608Screen.columns {
      state.result.droppedPastLastColumn += 1
      if !state.overflowReported {
        state.overflowReported = true
        channels[index] = state
        note(
          .pastLastColumn, .warning,
          "\(state.channel) text past column 32 on row \(state.row) is dropped from "
            + "'\(character)'",
          hint: "break the row before 32 characters", pair: pair, channel: index, losesText: true)
        return
      }
      channels[index] = state
      return
    }
    let cell = CEA608Screen.Cell(character: character, style: state.style)
    if writesHidden(index) {
      state.hidden[state.row, state.column] = cell
      state.column += 1
      channels[index] = state
      return
    }
    let old = state.displayed[state.row, state.column]
    let overwrites = old != nil && old?.character != " " && old != cell
    channels[index] = state
    if overwrites, state.mode == .paintOn { closeShown(index, at: pair.time) }
    state = channels[index]
    state.displayed[state.row, state.column] = cell
    state.column += 1
    if character != " " {
      if state.mode == .rollUp {
        if state.rowSince == nil {
          state.rowSince = state.rowOpened ?? (pair.time, pair.location)
          state.rowOpened = nil
        }
      } else if state.shownSince == nil {
        state.shownSince = (pair.time, pair.location)
      }
    }
    channels[index] = state
  }

  private mutating func moveCursor(by columns: Int, channel index: Int, pair: CEA608Pair) {
    guard !channels[index].textService else { return }
    channels[index].column = min(channels[index].column + columns, CEA608Screen.columns - 1)
  }

  /// Moves the cursor one column left and empties that cell; `destructive` when it is a
  /// backspace code (an extended character's own backspace is not an erasure).
  private mutating func backspace(channel index: Int, pair: CEA608Pair, destructive: Bool) {
    var state = channels[index]
    guard state.column > 0 else { return }
    state.column = min(state.column, CEA608Screen.columns) - 1
    state.overflowReported = false
    if writesHidden(index) {
      state.hidden[state.row, state.column] = nil
      channels[index] = state
      return
    }
    let old = state.displayed[state.row, state.column]
    channels[index] = state
    if destructive, state.mode == .paintOn, old != nil, old?.character != " " {
      closeShown(index, at: pair.time)
    }
    channels[index].displayed[state.row, state.column] = nil
    reopenShown(index, pair: pair)
  }

  private mutating func deleteToEndOfRow(channel index: Int, pair: CEA608Pair) {
    let state = channels[index]
    guard !state.textService, state.column < CEA608Screen.columns else { return }
    if writesHidden(index) {
      _ = channels[index].hidden.clear(row: state.row, from: state.column)
      return
    }
    var copy = state.displayed
    let removed = copy.clear(row: state.row, from: state.column)
    if removed, state.mode == .paintOn { closeShown(index, at: pair.time) }
    _ = channels[index].displayed.clear(row: state.row, from: state.column)
    reopenShown(index, pair: pair)
  }

  /// After an erasure in paint-on: what is left is shown from now on.
  private mutating func reopenShown(_ index: Int, pair: CEA608Pair) {
    if channels[index].mode == .paintOn, channels[index].shownSince == nil,
      !channels[index].displayed.isBlank
    {
      channels[index].shownSince = (pair.time, pair.location)
    }
  }

  // MARK: Cues

  /// Ends what the displayed memory of channel `index` shows, at `time`, as a cue.
  private mutating func closeShown(_ index: Int, at time: MediaTime) {
    guard let since = channels[index].shownSince else { return }
    channels[index].shownSince = nil
    let screen = channels[index].displayed
    let rows = screen.textRows
    guard !rows.isEmpty, since.time < time else { return }
    if rows.count > 4 {
      channels[index].result.captionsOverFourRows += 1
      findings.append(
        CEA608Finding(
          kind: .tooManyRows, severity: .warning,
          message:
            "\(channels[index].channel) caption at \(since.time.timestamp()) has \(rows.count) "
            + "rows; 608 captions have at most 4",
          hint: "split the caption", time: since.time, location: since.location,
          channel: channels[index].channel))
    }
    appendCue(index, screen: screen, rows: rows, start: since, end: time)
  }

  /// Ends the roll-up base row of channel `index` at `time`, as a cue.
  private mutating func closeRow(_ index: Int, at time: MediaTime) {
    guard let since = channels[index].rowSince else { return }
    channels[index].rowSince = nil
    let row = channels[index].row
    guard channels[index].displayed.rowHasText(row), since.time < time else { return }
    appendCue(index, screen: channels[index].displayed, rows: [row], start: since, end: time)
  }

  private mutating func appendCue(
    _ index: Int, screen: CEA608Screen, rows: [Int],
    start: (time: MediaTime, location: SourceLocation?), end: MediaTime
  ) {
    let (text, raw) = screen.text(rows: rows)
    let indent = rows.compactMap { screen.indent(of: $0) }.min() ?? 0
    let settings = Self.settings(row: rows[0], column: indent)
    let location = start.location.flatMap { $0.line > 0 ? $0 : nil }
    channels[index].result.cues.append(
      Cue(
        start: start.time, end: end, settings: settings, text: text, rawText: raw,
        location: location))
  }

  /// The cue settings of a caption whose top row is `row` (1-15) and leftmost indent
  /// `column` (0-31).
  public static func settings(row: Int, column: Int) -> CueSettings {
    CueSettings(
      line: linePercent(row: row), snapToLines: false, lineAlign: .start,
      position: 10 + Double(column) * 2.5, positionAlign: .lineLeft, align: .start)
  }

  /// The `line` percentage of row `row` (1-15): the top of the row in the safe area,
  /// rounded to two decimals.
  public static func linePercent(row: Int) -> Double {
    let exact = 10 + Double(row - 1) * 80 / 15
    return (exact * 100).rounded() / 100
  }

  // MARK: XDS

  private mutating func xdsControl(_ first: UInt8, _ second: UInt8, pair: CEA608Pair) {
    fields[1].inXDS = true
    if first == 0x0F {
      guard let current = xdsCurrent else {
        note(.xdsChecksum, .warning, "XDS end code without a packet; ignored", pair: pair)
        return
      }
      let packet = xdsOpen.remove(at: current)
      xdsCurrent = nil
      fields[1].inXDS = false
      var sum = Int(packet.classCode) + Int(packet.type) + 0x0F + Int(second)
      for byte in packet.bytes { sum += Int(byte) }
      guard sum & 0x7F == 0 else {
        note(
          .xdsChecksum, .warning,
          "XDS packet of class \(packet.classCode) type \(packet.type) has a bad checksum "
            + "\(hex(second)); ignored", pair: pair)
        return
      }
      var data = packet.bytes
      while data.last == 0 { data.removeLast() }
      xdsPackets.append(
        CEA608XDSPacket(
          classCode: packet.classCode, type: packet.type, data: data.filter { $0 != 0 },
          time: pair.time))
      return
    }
    let start = first & 1 == 1
    let classCode = start ? first : first - 1
    if let open = xdsOpen.firstIndex(where: { $0.classCode == classCode && $0.type == second }) {
      if start { xdsOpen[open].bytes = [] }
      xdsCurrent = open
      return
    }
    guard start else {
      // A continue code of a packet never started: its data is skipped.
      xdsCurrent = nil
      return
    }
    xdsOpen.append(
      XDSReceiving(
        classCode: classCode, type: second, bytes: [], location: pair.location, time: pair.time))
    xdsCurrent = xdsOpen.count - 1
  }

  private mutating func xdsData(_ first: UInt8, _ second: UInt8) {
    guard let current = xdsCurrent else { return }
    if xdsOpen[current].bytes.count < 64 {
      xdsOpen[current].bytes.append(first)
      xdsOpen[current].bytes.append(second)
    }
  }

  // MARK: Findings

  private mutating func note(
    _ kind: CEA608Finding.Kind, _ severity: Severity, _ message: String, hint: String? = nil,
    pair: CEA608Pair, channel index: Int? = nil, losesText: Bool = false
  ) {
    findings.append(
      CEA608Finding(
        kind: kind, severity: severity, message: message, hint: hint, time: pair.time,
        location: pair.location, channel: index.map { CEA608Channel.allCases[$0] },
        losesText: losesText))
  }

  private func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
  }
}
