/// Writes CEA-708 (DTVCC) caption commands for the tests to decode: a service's command
/// bytes, split into service blocks and packets and carried as `cc_data` triplets.
public struct DTVCCWriter: Sendable {
  /// The command bytes written since the last `take()`.
  public private(set) var bytes: [UInt8] = []

  public init() {}

  /// Gives the bytes written so far and starts again.
  public mutating func take() -> [UInt8] {
    defer { bytes = [] }
    return bytes
  }

  public mutating func raw(_ values: [UInt8]) { bytes += values }

  /// `DFn`: defines window `number` (rows 1-16, columns 1-64) and makes it current. The
  /// anchor defaults to the bottom centre of the 75 × 210 grid.
  public mutating func defineWindow(
    _ number: Int, visible: Bool = false, rows: Int = 1, columns: Int = 32, priority: Int = 0,
    relative: Bool = false, anchorVertical: Int = 74, anchorHorizontal: Int = 105,
    anchorPoint: Int = 7, windowStyle: Int = 1, penStyle: Int = 1
  ) {
    bytes += [
      0x98 + UInt8(number),
      (visible ? 0x20 : 0) | 0x18 | UInt8(priority),
      (relative ? 0x80 : 0) | UInt8(anchorVertical),
      UInt8(anchorHorizontal),
      UInt8(anchorPoint) << 4 | UInt8(rows - 1),
      UInt8(columns - 1),
      UInt8(windowStyle) << 3 | UInt8(penStyle),
    ]
  }

  /// Writes `text`: ASCII and Latin-1 directly, `♪` as `0x7F`, the other characters of the
  /// G2 set after `EXT1`. A line feed is a carriage return.
  public mutating func text(_ text: String) {
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A: bytes.append(0x0D)
      case 0x266A: bytes.append(0x7F)
      case 0x20...0x7E, 0xA0...0xFF: bytes.append(UInt8(scalar.value))
      default:
        if let code = Self.g2[scalar] {
          bytes += [0x10, code]
        } else {
          bytes.append(0x3F)
        }
      }
    }
  }

  private static let g2: [Unicode.Scalar: UInt8] = [
    "\u{2026}": 0x25, "\u{0160}": 0x2A, "\u{0152}": 0x2C, "\u{2018}": 0x31, "\u{2019}": 0x32,
    "\u{201C}": 0x33, "\u{201D}": 0x34, "\u{2022}": 0x35, "\u{2122}": 0x39, "\u{0161}": 0x3A,
    "\u{0153}": 0x3C, "\u{0178}": 0x3F,
  ]

  public mutating func carriageReturn() { bytes.append(0x0D) }
  public mutating func horizontalCarriageReturn() { bytes.append(0x0E) }
  public mutating func formFeed() { bytes.append(0x0C) }
  public mutating func backspace() { bytes.append(0x08) }
  /// `CWn`.
  public mutating func setWindow(_ number: Int) { bytes.append(0x80 + UInt8(number)) }
  public mutating func clear(_ windows: [Int]) { bytes += [0x88, Self.map(windows)] }
  public mutating func display(_ windows: [Int]) { bytes += [0x89, Self.map(windows)] }
  public mutating func hide(_ windows: [Int]) { bytes += [0x8A, Self.map(windows)] }
  public mutating func toggle(_ windows: [Int]) { bytes += [0x8B, Self.map(windows)] }
  public mutating func delete(_ windows: [Int]) { bytes += [0x8C, Self.map(windows)] }
  public mutating func delay(tenths: Int) { bytes += [0x8D, UInt8(tenths)] }
  public mutating func delayCancel() { bytes.append(0x8E) }
  public mutating func reset() { bytes.append(0x8F) }
  public mutating func penAttributes(italic: Bool = false, underline: Bool = false) {
    bytes += [0x90, 0x05, (italic ? 0x80 : 0) | (underline ? 0x40 : 0)]
  }
  /// `SPC` with a foreground of red, green and blue from 0 to 3, opaque.
  public mutating func penColor(red: Int, green: Int, blue: Int) {
    bytes += [0x91, UInt8(red << 4 | green << 2 | blue), 0x00, 0x00]
  }
  public mutating func penLocation(row: Int, column: Int) {
    bytes += [0x92, UInt8(row), UInt8(column)]
  }

  private static func map(_ windows: [Int]) -> UInt8 {
    windows.reduce(0) { $0 | 1 << UInt8($1) }
  }

  /// `data` of `service` as DTVCC packets: service blocks of at most 31 bytes, packets of at
  /// most 128 bytes (padded to an even size), numbered from `sequence` on.
  public static func packets(service: Int, data: [UInt8], sequence: inout Int) -> [[UInt8]] {
    var packets: [[UInt8]] = []
    var blocks: [[UInt8]] = []
    var rest = data[...]
    while !rest.isEmpty {
      let size = min(31, rest.count)
      let header: [UInt8] =
        service < 7
        ? [UInt8(service) << 5 | UInt8(size)] : [7 << 5 | UInt8(size), UInt8(service)]
      blocks.append(header + rest.prefix(size))
      rest = rest.dropFirst(size)
    }
    var body: [UInt8] = []
    func close() {
      guard !body.isEmpty else { return }
      if body.count % 2 == 0 { body.append(0) }
      let size = body.count + 1
      let code = size == 128 ? 0 : size / 2
      packets.append([UInt8(sequence & 3) << 6 | UInt8(code)] + body)
      sequence += 1
      body = []
    }
    for block in blocks {
      if body.count + block.count > 127 { close() }
      body += block
    }
    close()
    return packets
  }

  /// The `cc_data` triplets of `packet`: `cc_type` 3 for its first two bytes, 2 for the rest.
  public static func triplets(_ packet: [UInt8]) -> [A53Writer.Triplet] {
    stride(from: 0, to: packet.count, by: 2).map { index in
      A53Writer.Triplet(
        type: index == 0 ? 3 : 2, first: packet[index],
        second: index + 1 < packet.count ? packet[index + 1] : 0)
    }
  }
}
