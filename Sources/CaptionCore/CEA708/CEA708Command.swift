/// One command of a CEA-708 caption service, as read from its bytes (CEA-708-E section 7):
/// a character, a C0 control, or a C1 caption command with its parameters.
enum CEA708Command: Sendable, Hashable {
  case character(Character)
  /// A character no code set gives (an unassigned G2 or G3 code, a 16-bit `P16`
  /// character), named by its code: shown as `_`, as the standard asks of a decoder that
  /// lacks it.
  case unsupported(String)
  case backspace
  /// `FF`: clears the window and moves the pen to its top left.
  case formFeed
  case carriageReturn
  /// `HCR`: clears the pen's row and moves the pen to its start.
  case horizontalCarriageReturn
  case setCurrentWindow(Int)
  case clearWindows(UInt8)
  case displayWindows(UInt8)
  case hideWindows(UInt8)
  case toggleWindows(UInt8)
  case deleteWindows(UInt8)
  /// `DLY`: holds the service's commands for this many tenths of a second.
  case delay(Int)
  case delayCancel
  case reset
  case penAttributes(italic: Bool, underline: Bool)
  case penColor(CEA608Style.Color)
  case penLocation(row: Int, column: Int)
  case windowAttributes(justify: Int)
  case defineWindow(Int, [UInt8])
  /// A code that does nothing here (`NUL`, `ETX`, C2, C3 and reserved codes, the `[CC]` icon).
  case ignored
  /// A C0 or C1 code the standard leaves unassigned.
  case unknown(String)

  /// The command at the start of `bytes` and how many bytes it takes; nil when its
  /// parameters run past the end (the rest comes in the next block).
  static func read(_ bytes: ArraySlice<UInt8>) -> (command: CEA708Command, length: Int)? {
    guard let code = bytes.first else { return nil }
    let start = bytes.startIndex
    func parameters(_ count: Int) -> [UInt8]? {
      guard bytes.count > count else { return nil }
      return Array(bytes[(start + 1)...(start + count)])
    }
    switch code {
    case 0x10:
      return extended(bytes.dropFirst())
    case 0x18:
      guard let pair = parameters(2) else { return nil }
      let value = UInt16(pair[0]) << 8 | UInt16(pair[1])
      return (.unsupported("16-bit character " + hex(value)), 3)
    case 0x00, 0x03: return (.ignored, 1)
    case 0x08: return (.backspace, 1)
    case 0x0C: return (.formFeed, 1)
    case 0x0D: return (.carriageReturn, 1)
    case 0x0E: return (.horizontalCarriageReturn, 1)
    case 0x01...0x0F: return (.unknown("C0 code " + hex(code)), 1)
    case 0x11...0x17:
      guard parameters(1) != nil else { return nil }
      return (.unknown("C0 code " + hex(code)), 2)
    case 0x19...0x1F:
      guard parameters(2) != nil else { return nil }
      return (.unknown("C0 code " + hex(code)), 3)
    case 0x7F: return (.character("\u{266A}"), 1)
    case 0x20...0x7E: return (.character(Character(Unicode.Scalar(code))), 1)
    case 0xA0...0xFF: return (.character(Character(Unicode.Scalar(code))), 1)
    case 0x80...0x87: return (.setCurrentWindow(Int(code - 0x80)), 1)
    case 0x88...0x8C:
      guard let map = parameters(1)?[0] else { return nil }
      let command: CEA708Command =
        switch code {
        case 0x88: .clearWindows(map)
        case 0x89: .displayWindows(map)
        case 0x8A: .hideWindows(map)
        case 0x8B: .toggleWindows(map)
        default: .deleteWindows(map)
        }
      return (command, 2)
    case 0x8D:
      guard let tenths = parameters(1)?[0] else { return nil }
      return (.delay(Int(tenths)), 2)
    case 0x8E: return (.delayCancel, 1)
    case 0x8F: return (.reset, 1)
    case 0x90:
      guard let values = parameters(2) else { return nil }
      return (.penAttributes(italic: values[1] & 0x80 != 0, underline: values[1] & 0x40 != 0), 3)
    case 0x91:
      guard let values = parameters(3) else { return nil }
      return (.penColor(color(values[0])), 4)
    case 0x92:
      guard let values = parameters(2) else { return nil }
      return (.penLocation(row: Int(values[0] & 0x0F), column: Int(values[1] & 0x3F)), 3)
    case 0x97:
      guard let values = parameters(4) else { return nil }
      return (.windowAttributes(justify: Int(values[2] & 0x03)), 5)
    case 0x98...0x9F:
      guard let values = parameters(6) else { return nil }
      return (.defineWindow(Int(code - 0x98), values), 7)
    default:
      // 0x93-0x96: reserved C1 codes without parameters.
      return (.unknown("C1 code " + hex(code)), 1)
    }
  }

  /// The code after `EXT1`: C2 and C3 codes (none assigned; their parameters are skipped),
  /// G2 and G3 characters.
  private static func extended(_ bytes: ArraySlice<UInt8>) -> (CEA708Command, Int)? {
    guard let code = bytes.first else { return nil }
    func skipping(_ count: Int) -> (CEA708Command, Int)? {
      bytes.count > count ? (.ignored, 2 + count) : nil
    }
    switch code {
    case 0x00...0x07: return (.ignored, 2)
    case 0x08...0x0F: return skipping(1)
    case 0x10...0x17: return skipping(2)
    case 0x18...0x1F: return skipping(3)
    case 0x80...0x87: return skipping(4)
    case 0x88...0x8F: return skipping(5)
    case 0x90...0x9F:
      // Variable length: the next byte's low 5 bits give how many bytes follow it.
      guard bytes.count > 1 else { return nil }
      let length = Int(bytes[bytes.startIndex + 1] & 0x1F)
      return skipping(1 + length)
    case 0xA0:
      // The [CC] icon.
      return (.ignored, 2)
    case 0xA1...0xFF:
      return (.unsupported("G3 character " + hex(code)), 2)
    default:
      if let character = g2[code] { return (.character(character), 2) }
      return (.unsupported("G2 character " + hex(code)), 2)
    }
  }

  /// The characters of the G2 set (CEA-708-E table 7); the transparent spaces read as a
  /// space and a no-break space.
  static let g2: [UInt8: Character] = [
    0x20: " ", 0x21: "\u{00A0}", 0x25: "\u{2026}", 0x2A: "\u{0160}", 0x2C: "\u{0152}",
    0x30: "\u{2588}", 0x31: "\u{2018}", 0x32: "\u{2019}", 0x33: "\u{201C}", 0x34: "\u{201D}",
    0x35: "\u{2022}", 0x39: "\u{2122}", 0x3A: "\u{0161}", 0x3C: "\u{0153}", 0x3D: "\u{2120}",
    0x3F: "\u{0178}", 0x76: "\u{215B}", 0x77: "\u{215C}", 0x78: "\u{215D}", 0x79: "\u{215E}",
    0x7A: "\u{2502}", 0x7B: "\u{2510}", 0x7C: "\u{2514}", 0x7D: "\u{2500}", 0x7E: "\u{2518}",
    0x7F: "\u{250C}",
  ]

  /// The 608 colour nearest a 708 foreground colour byte (opacity, then red, green and blue
  /// from 0 to 3): each component counts when it is 2 or more; black reads as white.
  static func color(_ byte: UInt8) -> CEA608Style.Color {
    let red = byte >> 4 & 3 >= 2
    let green = byte >> 2 & 3 >= 2
    let blue = byte & 3 >= 2
    switch (red, green, blue) {
    case (true, false, false): return .red
    case (false, true, false): return .green
    case (false, false, true): return .blue
    case (true, true, false): return .yellow
    case (false, true, true): return .cyan
    case (true, false, true): return .magenta
    default: return .white
    }
  }

  static func hex(_ value: some BinaryInteger) -> String {
    let digits = value > 0xFF ? 4 : 2
    let text = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
