import CaptionCore

/// The style properties captionkit reads from TTML: those WebVTT cue text and settings can
/// carry. Nil means not specified.
struct TTMLStyle: Equatable {
  var italic: Bool?
  var bold: Bool?
  var underline: Bool?
  /// The colour class of `tts:color` (`yellow`, `color-808080`, as SRT's `<font color>` is
  /// read); empty for white, the colour captions are shown in when none is given.
  var color: String?
  var textAlign: CueSettings.Align?
  var displayAlign: DisplayAlign?
  var origin: (x: TTMLLength, y: TTMLLength)?
  var extent: (width: TTMLLength, height: TTMLLength)?

  enum DisplayAlign: String, Equatable {
    case before, center, after
  }

  /// `self` with every property `other` specifies taken from `other`.
  func overridden(by other: TTMLStyle) -> TTMLStyle {
    var result = self
    if let value = other.italic { result.italic = value }
    if let value = other.bold { result.bold = value }
    if let value = other.underline { result.underline = value }
    if let value = other.color { result.color = value }
    if let value = other.textAlign { result.textAlign = value }
    if let value = other.displayAlign { result.displayAlign = value }
    if let value = other.origin { result.origin = value }
    if let value = other.extent { result.extent = value }
    return result
  }

  /// The properties content inherits (not the region's geometry).
  var inheritable: TTMLStyle {
    TTMLStyle(
      italic: italic, bold: bold, underline: underline, color: color, textAlign: textAlign)
  }

  static func == (lhs: TTMLStyle, rhs: TTMLStyle) -> Bool {
    lhs.italic == rhs.italic && lhs.bold == rhs.bold && lhs.underline == rhs.underline
      && lhs.color == rhs.color
      && lhs.textAlign == rhs.textAlign && lhs.displayAlign == rhs.displayAlign
      && lhs.origin?.x == rhs.origin?.x && lhs.origin?.y == rhs.origin?.y
      && lhs.extent?.width == rhs.extent?.width && lhs.extent?.height == rhs.extent?.height
  }

  /// Why a style attribute's value could not be read.
  struct BadValue: Error {
    /// What was expected, for the message (`italic, oblique or normal`).
    var expected: String
  }

  /// Sets the property of `tts:<name>` from `value`; false when captionkit does not read that
  /// property, and throws when the value is not one the property takes.
  mutating func set(_ name: String, _ value: String) throws(BadValue) -> Bool {
    let trimmed = value.trimmingXMLSpace()
    switch name {
    case "fontStyle":
      switch trimmed {
      case "italic", "oblique": italic = true
      case "normal": italic = false
      default: throw BadValue(expected: "normal, italic or oblique")
      }
    case "fontWeight":
      switch trimmed {
      case "bold": bold = true
      case "normal": bold = false
      default: throw BadValue(expected: "normal or bold")
      }
    case "textDecoration":
      let tokens = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
      guard !tokens.isEmpty else { throw BadValue(expected: "none, underline or noUnderline") }
      for token in tokens {
        switch token {
        case "underline": underline = true
        case "noUnderline", "none": underline = false
        case "lineThrough", "noLineThrough", "overline", "noOverline": break
        default: throw BadValue(expected: "none, underline or noUnderline")
        }
      }
    case "color":
      guard let hex = TTMLColor.hex(trimmed) else {
        throw BadValue(expected: "#rrggbb, #rrggbbaa, rgb(), rgba() or a colour name")
      }
      color = hex == "ffffff" ? "" : SRTColor.className("#" + hex)
    case "textAlign":
      switch trimmed {
      case "left": textAlign = .left
      case "center": textAlign = .center
      case "right": textAlign = .right
      case "start", "justify": textAlign = .start
      case "end": textAlign = .end
      default: throw BadValue(expected: "left, center, right, start, end or justify")
      }
    case "displayAlign":
      switch trimmed {
      case "before", "justify": displayAlign = .before
      case "center": displayAlign = .center
      case "after": displayAlign = .after
      default: throw BadValue(expected: "before, center, after or justify")
      }
    case "origin":
      if trimmed == "auto" {
        origin = (.percent(0), .percent(0))
      } else {
        guard let pair = TTMLLength.pair(trimmed) else {
          throw BadValue(expected: "two lengths such as 10% 80% or auto")
        }
        origin = (pair.0, pair.1)
      }
    case "extent":
      if trimmed == "auto" {
        extent = (.percent(100), .percent(100))
      } else {
        guard let pair = TTMLLength.pair(trimmed) else {
          throw BadValue(expected: "two lengths such as 80% 20% or auto")
        }
        extent = (pair.0, pair.1)
      }
    default:
      return false
    }
    return true
  }
}

/// A TTML length: a percentage, pixels or cells.
enum TTMLLength: Equatable {
  case percent(Double)
  case pixels(Double)
  case cells(Double)

  /// Two lengths separated by white space, or nil.
  static func pair(_ text: String) -> (TTMLLength, TTMLLength)? {
    let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
    guard parts.count == 2, let first = TTMLLength(parts[0]), let second = TTMLLength(parts[1])
    else { return nil }
    return (first, second)
  }

  init?(_ text: Substring) {
    let units: [(String, (Double) -> TTMLLength)] = [
      ("%", TTMLLength.percent), ("px", TTMLLength.pixels), ("c", TTMLLength.cells),
    ]
    for (unit, make) in units where text.hasSuffix(unit) {
      let number = text.dropLast(unit.count)
      guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
        let value = Double(number), value.isFinite
      else { return nil }
      self = make(value)
      return
    }
    return nil
  }

  /// The length as a percentage of a dimension of `size` pixels and `cells` cells.
  func percentage(size: Double?, cells: Double) -> Double? {
    switch self {
    case .percent(let value): return value
    case .pixels(let value):
      guard let size, size > 0 else { return nil }
      return value / size * 100
    case .cells(let value): return cells > 0 ? value / cells * 100 : nil
    }
  }
}

extension String {
  /// The string without XML white space (space, tab, CR, LF) at either end.
  func trimmingXMLSpace() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}

/// TTML's `<color>` values, as lowercase hex digits: `rrggbb`, or `rrggbbaa` when the colour
/// is not opaque.
enum TTMLColor {
  /// TTML's named colours (TTML 2, 10.3.5).
  static let names: [String: String] = [
    "transparent": "00000000", "black": "000000", "silver": "c0c0c0", "gray": "808080",
    "white": "ffffff", "maroon": "800000", "red": "ff0000", "purple": "800080",
    "fuchsia": "ff00ff", "magenta": "ff00ff", "green": "008000", "lime": "00ff00",
    "olive": "808000", "yellow": "ffff00", "navy": "000080", "blue": "0000ff",
    "teal": "008080", "aqua": "00ffff", "cyan": "00ffff",
  ]

  /// The hex digits of `value`, or nil when it is no TTML colour.
  static func hex(_ value: String) -> String? {
    let lower = value.lowercased()
    if let named = names[lower] { return named }
    if lower.hasPrefix("#") {
      let digits = lower.dropFirst()
      guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit) else {
        return nil
      }
      return opaque(String(digits))
    }
    for (function, count) in [("rgb(", 3), ("rgba(", 4)] where lower.hasPrefix(function) {
      guard lower.hasSuffix(")") else { return nil }
      let components = lower.dropFirst(function.count).dropLast().split(
        separator: ",", omittingEmptySubsequences: false)
      guard components.count == count else { return nil }
      var digits = ""
      for component in components {
        guard let number = Int(String(component).trimmingXMLSpace()), (0...255).contains(number)
        else {
          return nil
        }
        let text = String(number, radix: 16)
        digits += text.count == 1 ? "0" + text : text
      }
      return opaque(digits)
    }
    return nil
  }

  /// `rrggbbaa` without its alpha when that is `ff`.
  private static func opaque(_ digits: String) -> String {
    digits.count == 8 && digits.hasSuffix("ff") ? String(digits.prefix(6)) : digits
  }
}
