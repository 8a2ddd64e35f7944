import CaptionCore

/// Byte pairs written by hand, as a caption encoder sends them: control codes doubled, odd
/// parity set, one pair per frame at 29.97 frames per second. The codes are spelt out here
/// from the CEA-608 tables, not taken from the code under test.
struct PairScript {
  private(set) var pairs: [CEA608Pair] = []
  var frame = 0
  var field: Int
  var dataChannel: Int
  /// Whether control codes are sent twice.
  var doubled = true

  init(_ channel: CEA608Channel = .cc1, frame: Int = 0) {
    field = channel.field
    dataChannel = channel.dataChannel
    self.frame = frame
  }

  /// The time of `frame` at 29.97 frames per second.
  static func time(_ frame: Int) -> MediaTime {
    MediaTime(value: Int64(frame) * 1001, timescale: 30000)
  }

  /// Two bytes as they are, parity included.
  mutating func raw(_ first: UInt8, _ second: UInt8) {
    pairs.append(CEA608Pair(first, second, field: field, time: Self.time(frame)))
    frame += 1
  }

  /// Seven-bit bytes with parity set.
  mutating func bytes(_ first: UInt8, _ second: UInt8) {
    raw(Self.parity(first), Self.parity(second))
  }

  static func parity(_ byte: UInt8) -> UInt8 {
    var ones = 0
    var rest = byte & 0x7F
    while rest != 0 {
      ones += Int(rest & 1)
      rest >>= 1
    }
    return ones % 2 == 1 ? byte & 0x7F : byte | 0x80
  }

  /// A control code of channel 1 (`0x10`-`0x17`), moved to the script's data channel.
  mutating func control(_ first: UInt8, _ second: UInt8) {
    let moved = dataChannel == 2 ? first | 0x08 : first
    bytes(moved, second)
    if doubled { bytes(moved, second) }
  }

  /// A miscellaneous control code: `0x14` in field 1, `0x15` in field 2.
  mutating func command(_ second: UInt8) {
    control(field == 2 ? 0x15 : 0x14, second)
  }

  mutating func rcl() { command(0x20) }
  mutating func bs() { command(0x21) }
  mutating func der() { command(0x24) }
  mutating func ru(_ rows: Int) { command(0x23 + UInt8(rows)) }
  mutating func rdc() { command(0x29) }
  mutating func tr() { command(0x2A) }
  mutating func rtd() { command(0x2B) }
  mutating func edm() { command(0x2C) }
  mutating func cr() { command(0x2D) }
  mutating func enm() { command(0x2E) }
  mutating func eoc() { command(0x2F) }

  /// The preamble codes of rows 1-15: first byte, and whether bit 5 of the second is set.
  private static let rows: [Int: (UInt8, UInt8)] = [
    1: (0x11, 0x40), 2: (0x11, 0x60), 3: (0x12, 0x40), 4: (0x12, 0x60), 5: (0x15, 0x40),
    6: (0x15, 0x60), 7: (0x16, 0x40), 8: (0x16, 0x60), 9: (0x17, 0x40), 10: (0x17, 0x60),
    11: (0x10, 0x40), 12: (0x13, 0x40), 13: (0x13, 0x60), 14: (0x14, 0x40), 15: (0x14, 0x60),
  ]

  /// A preamble address code: `row`, an indent (0-28, step 4), underline.
  mutating func pac(row: Int, indent: Int = 0, underline: Bool = false) {
    let (first, base) = Self.rows[row] ?? (0x14, 0x60)
    control(first, base | 0x10 | UInt8(indent / 4) << 1 | (underline ? 1 : 0))
  }

  /// A preamble address code with a style: 0 white, 1 green, 2 blue, 3 cyan, 4 red,
  /// 5 yellow, 6 magenta, 7 italics.
  mutating func pac(row: Int, style: UInt8, underline: Bool = false) {
    let (first, base) = Self.rows[row] ?? (0x14, 0x60)
    control(first, base | style << 1 | (underline ? 1 : 0))
  }

  /// A mid-row code of the same numbering as `pac(row:style:)`.
  mutating func midRow(_ style: UInt8, underline: Bool = false) {
    control(0x11, 0x20 | style << 1 | (underline ? 1 : 0))
  }

  mutating func tab(_ columns: Int) { control(0x17, 0x20 + UInt8(columns)) }
  mutating func special(_ second: UInt8) { control(0x11, second) }
  mutating func extended(_ set: UInt8, _ second: UInt8) { control(set, second) }

  /// ASCII text, two characters a pair, the last one padded with a zero byte.
  mutating func text(_ string: String) {
    var bytes = Array(string.utf8)
    if bytes.count % 2 == 1 { bytes.append(0) }
    for index in stride(from: 0, to: bytes.count, by: 2) {
      self.bytes(bytes[index], bytes[index + 1])
    }
  }

  /// Moves on to `frame` (no pairs sent in between).
  mutating func at(_ frame: Int) {
    self.frame = frame
  }

  /// The pairs decoded, finished at `end` when given.
  func decode(finishingAt end: Int? = nil) -> CEA608Captions {
    var decoder = CEA608Decoder()
    for pair in pairs { decoder.decode(pair) }
    return decoder.finish(at: end.map { Self.time($0) })
  }
}

/// A cue as a line the tests compare: its frames, line, position and raw text.
func describe(_ cue: Cue) -> String {
  func frames(_ time: MediaTime) -> String {
    let scaled = Int128(time.value) * 30000
    let unit = Int128(1001) * Int128(time.timescale)
    return scaled % unit == 0 ? "\(scaled / unit)" : "\(time.milliseconds)ms"
  }
  func number(_ value: Double?) -> String {
    guard let value else { return "auto" }
    return value == value.rounded() ? "\(Int(value))" : "\(value)"
  }
  let settings = cue.settings
  return "\(frames(cue.start))-\(frames(cue.end)) line:\(number(settings.line)) "
    + "position:\(number(settings.position)) \(cue.rawText)"
}
