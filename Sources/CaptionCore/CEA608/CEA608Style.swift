/// The look of a 608 character: its foreground colour, italics and underline, as preamble
/// address codes and mid-row codes set them.
public struct CEA608Style: Sendable, Hashable {
  /// The seven foreground colours of 608.
  public enum Color: String, Sendable, Hashable, CaseIterable {
    case white, green, blue, cyan, red, yellow, magenta

    /// The colour as six lowercase hex digits: 608's colours are the full primaries and their
    /// mixtures (its green is `00ff00`, which CSS calls lime).
    public var hex: String {
      switch self {
      case .white: "ffffff"
      case .green: "00ff00"
      case .blue: "0000ff"
      case .cyan: "00ffff"
      case .red: "ff0000"
      case .yellow: "ffff00"
      case .magenta: "ff00ff"
      }
    }
  }

  public var color: Color
  public var italic: Bool
  public var underline: Bool

  public init(color: Color = .white, italic: Bool = false, underline: Bool = false) {
    self.color = color
    self.italic = italic
    self.underline = underline
  }

  /// White, not italic, not underlined.
  public static let plain = CEA608Style()

  /// The style of attribute bits `0x00`-`0x0F` of a PAC or mid-row code: colours in pairs
  /// (plain, underlined), then italics and underlined italics.
  static func attributes(_ bits: UInt8) -> CEA608Style {
    let underline = bits & 1 == 1
    let index = Int(bits >> 1 & 0x07)
    if index == 7 { return CEA608Style(color: .white, italic: true, underline: underline) }
    return CEA608Style(color: Color.allCases[index], italic: false, underline: underline)
  }
}
