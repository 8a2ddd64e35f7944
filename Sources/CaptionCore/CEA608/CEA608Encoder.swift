/// Turns cues into CEA-608 byte pairs of field 1, one pair per frame at 29.97 frames per
/// second, as a caption encoder sends them: control codes (and special and extended
/// characters) twice, odd parity set.
///
/// Pop-on (the default): each cue is loaded off screen (`ENM`, `RCL`, a preamble address
/// code per row, its text, mid-row codes for italics, underline and colours) early enough
/// that its End Of Caption lands on the cue's start frame, and erased (`EDM`) at its end
/// unless the next cue starts then and replaces it. Roll-up (`RU2`-`RU4`): each row of a cue
/// is sent at the cue's start after a carriage return on the base row, and `EDM` erases the
/// rows when a gap follows.
///
/// Text is broken at spaces to 32 columns and at most 4 rows. Rows and indents come from the
/// cue's `line` and `position`, the inverse of the decoder's mapping (no `line`: the bottom
/// rows; no `position`: each row centred). A character outside the 608 sets is replaced by
/// its nearest equivalent; each cue that loses something, and each cue that cannot be loaded
/// in time, is a finding.
public struct CEA608Encoder: Sendable {
  /// How captions are sent.
  public enum Mode: Sendable, Hashable {
    case popOn
    /// Roll-up of 2, 3 or 4 rows on base row 15.
    case rollUp(rows: Int)
  }

  /// Pairs sent one a frame from `frame` on (frames at 30000/1001 per second).
  public struct Block: Sendable, Hashable {
    public var frame: Int
    /// Each pair's two bytes, parity set.
    public var pairs: [UInt16]

    public init(frame: Int, pairs: [UInt16]) {
      self.frame = frame
      self.pairs = pairs
    }
  }

  /// What a cue lost, or a cue shown later than its start.
  public struct Finding: Sendable, Hashable {
    /// The 0-based index of the cue.
    public var cue: Int
    public var message: String

    public init(cue: Int, message: String) {
      self.cue = cue
      self.message = message
    }
  }

  public var mode: Mode
  /// CC1 or CC2.
  public var channel: CEA608Channel

  public init(mode: Mode = .popOn, channel: CEA608Channel = .cc1) {
    self.mode = mode
    self.channel = channel == .cc2 ? .cc2 : .cc1
  }

  /// The frame of `time` at 30000/1001 frames per second, rounded to the nearest.
  public static func frame(of time: MediaTime) -> Int {
    let scaled = Int128(time.value) * 30000
    let unit = Int128(time.timescale) * 1001
    var quotient = scaled / unit
    if (scaled % unit).magnitude * 2 >= unit.magnitude { quotient += scaled < 0 ? -1 : 1 }
    return Int(clamping: max(0, quotient))
  }

  /// The blocks of pairs for `cues` (in order of start), and the findings.
  public func encode(_ cues: [Cue]) -> (blocks: [Block], findings: [Finding]) {
    var blocks: [Block] = []
    var findings: [Finding] = []
    var free = 0
    var pendingErase: Int?
    var rollUpStarted = false
    func emit(_ pairs: [UInt16], at frame: Int) {
      guard !pairs.isEmpty else { return }
      if let last = blocks.last, last.frame + last.pairs.count == frame {
        blocks[blocks.count - 1].pairs += pairs
      } else {
        blocks.append(Block(frame: frame, pairs: pairs))
      }
      free = frame + pairs.count
    }
    let erase = control(0x14, 0x2C)
    for (index, cue) in cues.enumerated() {
      var lost: [String] = []
      let rows = Self.rows(of: cue, lost: &lost)
      let start = Self.frame(of: cue.start)
      let end = max(Self.frame(of: cue.end), start + 1)
      let nextStart = index + 1 < cues.count ? Self.frame(of: cues[index + 1].start) : nil
      var shown = start
      if rows.isEmpty {
        if let pending = pendingErase, pending <= start {
          emit(erase, at: max(pending, free))
          pendingErase = nil
        }
      } else {
        switch mode {
        case .popOn:
          let load = control(0x14, 0x2E) + control(0x14, 0x20) + self.load(rows, lost: &lost)
          if let pending = pendingErase {
            pendingErase = nil
            if pending + erase.count <= start - load.count, pending >= free {
              emit(erase, at: pending)
            } else if pending - load.count >= free, pending + erase.count <= start {
              emit(load, at: pending - load.count)
              emit(erase, at: pending)
              emit(control(0x14, 0x2F), at: start)
              shown = start
              break
            } else {
              emit(erase, at: max(pending, free))
            }
          }
          emit(load, at: max(free, start - load.count))
          shown = max(start, free)
          emit(control(0x14, 0x2F), at: shown)
        case .rollUp(let depth):
          var pairs: [UInt16] = []
          if !rollUpStarted {
            pairs += control(0x14, 0x23 + UInt8(max(2, min(4, depth))))
            rollUpStarted = true
          }
          // The first carriage return lands on the cue's start.
          let lead = pairs.count
          for row in rows {
            pairs += control(0x14, 0x2D) + self.line(row, row: 15, column: row.column, lost: &lost)
          }
          if let pending = pendingErase {
            pendingErase = nil
            emit(erase, at: max(pending, free))
          }
          let at = max(free, start - lead)
          emit(pairs, at: at)
          shown = at + lead
        }
        if shown > start {
          findings.append(
            Finding(
              cue: index,
              message: "cue \(index + 1) at \(cue.start.timestamp()) is too "
                + (index == 0 ? "early" : "close to the one before")
                + " to be loaded in time; it shows \(shown - start) frames late"))
        }
      }
      if !rows.isEmpty {
        pendingErase = nextStart.map { $0 > end + 1 } ?? true ? max(end, free) : nil
      }
      if !lost.isEmpty {
        var unique: [String] = []
        for phrase in lost where !unique.contains(phrase) { unique.append(phrase) }
        findings.append(
          Finding(cue: index, message: "cue \(index + 1) loses \(unique.joined(separator: ", "))"))
      }
    }
    if let pending = pendingErase { emit(erase, at: max(pending, free)) }
    return (blocks, findings)
  }

  // MARK: Layout

  /// A row of a cue: its characters with their styles, and the column it starts at.
  struct Row {
    var cells: [(Character, CEA608Style)]
    var row = 15
    var column = 0
  }

  /// The rows of `cue`: its text broken to 32 columns and at most 4 rows, placed.
  static func rows(of cue: Cue, lost: inout [String]) -> [Row] {
    var lines: [[(Character, CEA608Style)]] = [[]]
    func walk(_ nodes: [CueNode], _ style: CEA608Style) {
      for node in nodes {
        switch node {
        case .text(let text):
          for character in text {
            if character == "\n" || character == "\r\n" {
              lines.append([])
            } else {
              for mapped in map(character, lost: &lost) {
                lines[lines.count - 1].append((mapped, style))
              }
            }
          }
        case .timestamp: break
        case .element(let element):
          var inner = style
          switch element.kind {
          case .italic: inner.italic = true
          case .underline: inner.underline = true
          case .bold: lost.append("bold")
          case .class:
            if let color = element.classes.lazy.compactMap({ CEA608Style.Color(rawValue: $0) })
              .first
            {
              inner.color = color
            }
          case .rubyText:
            lost.append("ruby text")
            continue
          default: break
          }
          walk(element.children, inner)
        }
      }
    }
    walk(cue.text.nodes, .plain)
    var wrapped = lines.flatMap { wrap(trim($0)) }.filter { !$0.isEmpty }
    if wrapped.count > 4 {
      // All the text again as one paragraph; what does not fit 4 rows is lost.
      var joined: [(Character, CEA608Style)] = []
      for line in wrapped {
        if !joined.isEmpty { joined.append((" ", line[0].1)) }
        joined += line
      }
      wrapped = wrap(joined)
      if wrapped.count > 4 {
        lost.append("the text past 4 rows of 32 columns")
        wrapped = Array(wrapped.prefix(4))
      }
    }
    let settings = cue.settings
    let count = wrapped.count
    var top = 16 - count
    if let line = settings.line, line.isFinite {
      if settings.snapToLines {
        let number = Int(max(-16, min(16, line)))
        top = number >= 0 ? number + 1 : 16 + number - count + 1
      } else {
        let row = Int(max(-16, min(16, ((line - 10) * 15 / 80).rounded()))) + 1
        switch settings.lineAlign {
        case .start: top = row
        case .center: top = row - count / 2
        case .end: top = row - count + 1
        }
      }
    }
    top = max(1, min(16 - count, top))
    var rows: [Row] = []
    for (offset, cells) in wrapped.enumerated() {
      let width = cells.count
      var column = (32 - width) / 2
      if let position = settings.position, position.isFinite {
        let left =
          settings.positionAlign == .lineLeft
          || (settings.positionAlign == .auto
            && (settings.align == .start || settings.align == .left))
        let at = Int(max(-64, min(64, ((position - 10) / 2.5).rounded())))
        column = left ? at : at - width / 2
      }
      column = max(0, min(32 - width, column))
      rows.append(Row(cells: cells, row: top + offset, column: column))
    }
    return rows
  }

  private static func trim(_ line: [(Character, CEA608Style)]) -> [(Character, CEA608Style)] {
    var line = line[...]
    while line.first?.0 == " " { line = line.dropFirst() }
    while line.last?.0 == " " { line = line.dropLast() }
    return Array(line)
  }

  /// `line` broken at spaces into rows of at most 32 columns (a longer word is cut).
  private static func wrap(_ line: [(Character, CEA608Style)]) -> [[(Character, CEA608Style)]] {
    var rows: [[(Character, CEA608Style)]] = []
    var rest = trim(line)[...]
    while rest.count > 32 {
      let window = rest.prefix(33)
      var cut = window.lastIndex { $0.0 == " " } ?? (rest.startIndex + 32)
      if cut == rest.startIndex { cut = rest.startIndex + 32 }
      rows.append(trim(Array(rest[..<cut])))
      rest = trim(Array(rest[cut...]))[...]
    }
    rows.append(Array(rest))
    return rows
  }

  /// The characters `character` is sent as: itself when a 608 set has it, else its nearest
  /// equivalent (noted in `lost`).
  static func map(_ character: Character, lost: inout [String]) -> [Character] {
    if CEA608Characters.code(for: character) != nil { return [character] }
    let replacement: String
    switch character {
    case "\t", "\u{00A0}", "\u{2002}"..."\u{200A}", "\u{202F}": return [" "]
    case "\u{200B}"..."\u{200F}", "\u{2066}"..."\u{2069}", "\u{202A}"..."\u{202E}", "\u{FEFF}":
      return []
    case "‐", "‑", "‒", "–", "―", "−": replacement = "-"
    case "„", "‟", "″": replacement = "\""
    case "‚", "‛", "′", "`", "´": replacement = "'"
    case "…": replacement = "..."
    case "‹": replacement = "<"
    case "›": replacement = ">"
    case "×": replacement = "x"
    default:
      replacement = "?"
    }
    lost.append("'\(character)' (written as \(replacement))")
    return Array(replacement)
  }

  // MARK: Pairs

  /// A control pair for the encoder's channel, twice, parity set.
  private func control(_ first: UInt8, _ second: UInt8) -> [UInt16] {
    let pair = Self.pair(channel == .cc2 ? first | 0x08 : first, second)
    return [pair, pair]
  }

  private static func pair(_ first: UInt8, _ second: UInt8) -> UInt16 {
    UInt16(CEA608Characters.withParity(first)) << 8
      | UInt16(second == 0 ? 0x80 : CEA608Characters.withParity(second))
  }

  /// The preamble codes of rows 1-15: first byte, and bit 5 of the second.
  private static let rowCodes: [(UInt8, UInt8)] = [
    (0x11, 0x40), (0x11, 0x60), (0x12, 0x40), (0x12, 0x60), (0x15, 0x40), (0x15, 0x60),
    (0x16, 0x40), (0x16, 0x60), (0x17, 0x40), (0x17, 0x60), (0x10, 0x40), (0x13, 0x40),
    (0x13, 0x60), (0x14, 0x40), (0x14, 0x60),
  ]

  /// The pairs that load `rows` (pop-on) after RCL.
  private func load(_ rows: [Row], lost: inout [String]) -> [UInt16] {
    var pairs: [UInt16] = []
    for row in rows { pairs += line(row, row: row.row, column: row.column, lost: &lost) }
    return pairs
  }

  /// The pairs of one row at `row`, `column`: a preamble address code, tab offsets, the
  /// characters, and a mid-row code at each change of style.
  private func line(_ text: Row, row: Int, column: Int, lost: inout [String]) -> [UInt16] {
    enum Item {
      case character(UInt8)
      case code(UInt8, UInt8)
    }
    var pairs: [UInt16] = []
    let (rowByte, rowBit) = Self.rowCodes[row - 1]
    let firstStyle = text.cells.first?.1 ?? .plain
    var current = CEA608Style.plain
    if column == 0, firstStyle != .plain {
      let attributes: UInt8 = firstStyle.italic ? 0x0E : UInt8(colorIndex(firstStyle.color) << 1)
      pairs += control(rowByte, rowBit | attributes | (firstStyle.underline ? 1 : 0))
      current = firstStyle
      if firstStyle.italic { current.color = .white }
    } else {
      let indent = firstStyle == .plain ? column : column - 1
      pairs += control(rowByte, rowBit | 0x10 | UInt8(indent / 4) << 1)
      if indent % 4 > 0 { pairs += control(0x17, 0x20 + UInt8(indent % 4)) }
    }
    var items: [Item] = []
    for (character, style) in text.cells {
      let differs =
        style.italic != current.italic || style.underline != current.underline
        || (!style.italic && style.color != current.color)
      // A mid-row code takes a column: inside a word the change waits for the next space.
      var insideWord = false
      if case .character(let byte)? = items.last, byte != 0x20 { insideWord = true }
      if case .code(let first, let second)? = items.last, first != 0x11 || second >= 0x30 {
        insideWord = true
      }
      if differs, character != " ", insideWord {
        lost.append("a change of style inside a word (moved to the next space)")
      }
      if differs, character != " ", !insideWord {
        if case .character(0x20)? = items.last { items.removeLast() }
        let bits: UInt8 =
          style.italic ? 0x0E : UInt8(colorIndex(style.color) << 1)
        items.append(.code(0x11, 0x20 | bits | (style.underline ? 1 : 0)))
        // Italics keeps the colour before it.
        let color = current.color
        current = style
        if style.italic { current.color = color }
      }
      switch CEA608Characters.code(for: character) {
      case .standard(let byte)?: items.append(.character(byte))
      case .special(let byte)?: items.append(.code(0x11, byte))
      case .extended(let set, let byte)?:
        items.append(.character(Self.fallback(set, byte)))
        items.append(.code(set, byte))
      case nil: items.append(.character(0x3F))
      }
    }
    var pending: UInt8?
    for item in items {
      switch item {
      case .character(let byte):
        if let first = pending {
          pairs.append(Self.pair(first, byte))
          pending = nil
        } else {
          pending = byte
        }
      case .code(let first, let second):
        if let waiting = pending {
          pairs.append(Self.pair(waiting, 0))
          pending = nil
        }
        pairs += control(first, second)
      }
    }
    if let waiting = pending { pairs.append(Self.pair(waiting, 0)) }
    return pairs
  }

  private func colorIndex(_ color: CEA608Style.Color) -> Int {
    CEA608Style.Color.allCases.firstIndex(of: color) ?? 0
  }

  /// The standard character sent before an extended one, shown by receivers without the
  /// extended sets.
  private static func fallback(_ set: UInt8, _ byte: UInt8) -> UInt8 {
    let table =
      set == 0x12
      ? Array("AEOUUu'!*'-cs.\"\"AACEEEeIIiOUuU<>".utf8)
      : Array("AaIIiOoOo()/'-!-AaOosY$!AaOo++++".utf8)
    let index = Int(byte) - 0x20
    return index >= 0 && index < table.count ? table[index] : 0x20
  }
}
