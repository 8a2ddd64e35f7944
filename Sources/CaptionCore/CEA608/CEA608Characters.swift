/// The character sets of CEA-608 and the odd parity of its bytes.
///
/// Four sets: the standard characters (`0x20`-`0x7F`, ASCII but for ten places taken by
/// accented letters, `÷` and a solid block), the special characters (`0x11`/`0x19` then
/// `0x30`-`0x3F`), and the two extended sets (`0x12`/`0x1A` Spanish, French and
/// miscellaneous; `0x13`/`0x1B` Portuguese, German and Danish; second byte `0x20`-`0x3F`).
/// The tables follow CEA-608-E (the characters of 47 CFR 15.119), checked against FFmpeg's
/// `ccaption_dec.c` and pycaption; where those differ the standard is kept (see
/// `Docs/formats/cea-608.md`).
public enum CEA608Characters {
  /// True when `byte` has an odd number of bits set, as every transmitted 608 byte must.
  public static func hasOddParity(_ byte: UInt8) -> Bool {
    byte.nonzeroBitCount & 1 == 1
  }

  /// `byte`'s low seven bits with the parity bit (bit 7) set so that the byte has odd parity.
  public static func withParity(_ byte: UInt8) -> UInt8 {
    let low = byte & 0x7F
    return low.nonzeroBitCount & 1 == 1 ? low : low | 0x80
  }

  /// The standard character of `byte` (`0x20`-`0x7F`, parity stripped); nil for other bytes.
  public static func standard(_ byte: UInt8) -> Character? {
    guard byte >= 0x20, byte <= 0x7F else { return nil }
    switch byte {
    case 0x2A: return "á"
    case 0x5C: return "é"
    case 0x5E: return "í"
    case 0x5F: return "ó"
    case 0x60: return "ú"
    case 0x7B: return "ç"
    case 0x7C: return "÷"
    case 0x7D: return "Ñ"
    case 0x7E: return "ñ"
    case 0x7F: return "█"
    default: return Character(Unicode.Scalar(byte))
    }
  }

  /// The special characters, second bytes `0x30`-`0x3F`; `0x39` is the transparent space.
  static let special: [Character] = [
    "®", "°", "½", "¿", "™", "¢", "£", "♪", "à", "\u{00A0}", "è", "â", "ê", "î", "ô", "û",
  ]

  /// The Spanish, French and miscellaneous extended characters, second bytes `0x20`-`0x3F`.
  static let spanishFrench: [Character] = [
    "Á", "É", "Ó", "Ú", "Ü", "ü", "‘", "¡", "*", "’", "—", "©", "℠", "•", "“", "”",
    "À", "Â", "Ç", "È", "Ê", "Ë", "ë", "Î", "Ï", "ï", "Ô", "Ù", "ù", "Û", "«", "»",
  ]

  /// The Portuguese, German and Danish extended characters, second bytes `0x20`-`0x3F`.
  static let portugueseGerman: [Character] = [
    "Ã", "ã", "Í", "Ì", "ì", "Ò", "ò", "Õ", "õ", "{", "}", "\\", "^", "_", "|", "~",
    "Ä", "ä", "Ö", "ö", "ß", "¥", "¤", "¦", "Å", "å", "Ø", "ø", "┌", "┐", "└", "┘",
  ]

  /// The special character of second byte `byte` (`0x30`-`0x3F`); nil for other bytes.
  public static func special(_ byte: UInt8) -> Character? {
    guard byte >= 0x30, byte <= 0x3F else { return nil }
    return special[Int(byte - 0x30)]
  }

  /// The extended character of a pair whose first byte is `set` (`0x12` or `0x13`, channel
  /// bit cleared) and second byte `byte` (`0x20`-`0x3F`); nil for other pairs.
  public static func extended(set: UInt8, _ byte: UInt8) -> Character? {
    guard byte >= 0x20, byte <= 0x3F else { return nil }
    switch set {
    case 0x12: return spanishFrench[Int(byte - 0x20)]
    case 0x13: return portugueseGerman[Int(byte - 0x20)]
    default: return nil
    }
  }

  /// How a character is sent: a standard byte, a special pair or an extended pair (first byte
  /// for channel 1, second byte), all without parity.
  public enum Code: Sendable, Hashable {
    case standard(UInt8)
    case special(UInt8)
    case extended(UInt8, UInt8)
  }

  /// The code of every character of the four sets, built once.
  private static let codes: [Character: Code] = {
    var table: [Character: Code] = [:]
    for byte in UInt8(0x20)...0x7F {
      if let character = standard(byte) { table[character] = .standard(byte) }
    }
    for (offset, character) in special.enumerated() where table[character] == nil {
      table[character] = .special(0x30 + UInt8(offset))
    }
    for (offset, character) in spanishFrench.enumerated() where table[character] == nil {
      table[character] = .extended(0x12, 0x20 + UInt8(offset))
    }
    for (offset, character) in portugueseGerman.enumerated() where table[character] == nil {
      table[character] = .extended(0x13, 0x20 + UInt8(offset))
    }
    return table
  }()

  /// The code of `character`, or nil when no 608 set has it.
  public static func code(for character: Character) -> Code? {
    codes[character]
  }
}
