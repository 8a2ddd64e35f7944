import CaptionCore

/// What captionkit keeps of an ASS `Style:` line: bold, italic and underline, the
/// alignment and the vertical margin.
struct ASSStyle {
  var name: String
  var text = ASSTextStyle()
  /// `\an` number, 1 to 9 (a numeric keypad: 1-3 bottom, 4-6 middle, 7-9 top).
  var alignment = 2
  var marginV = 0

  /// The fields of a `[V4+ Styles]` `Format:` line, when a file has none.
  static let defaultFormat = [
    "Name", "Fontname", "Fontsize", "PrimaryColour", "SecondaryColour", "OutlineColour",
    "BackColour", "Bold", "Italic", "Underline", "StrikeOut", "ScaleX", "ScaleY", "Spacing",
    "Angle", "BorderStyle", "Outline", "Shadow", "Alignment", "MarginL", "MarginR", "MarginV",
    "Encoding",
  ]

  /// The fields of a SubStation Alpha v4 `[V4 Styles]` `Format:` line.
  static let legacyFormat = [
    "Name", "Fontname", "Fontsize", "PrimaryColour", "SecondaryColour", "TertiaryColour",
    "BackColour", "Bold", "Italic", "BorderStyle", "Outline", "Shadow", "Alignment", "MarginL",
    "MarginR", "MarginV", "AlphaLevel", "Encoding",
  ]

  /// The style every script has unless it defines its own `Default`.
  static let fallback = ASSStyle(name: "Default")

  /// `\an` number of an SSA v4 alignment (1-3 bottom, 5-7 top, 9-11 middle); nil for
  /// other numbers.
  static func keypad(legacy number: Int) -> Int? {
    switch number {
    case 1...3: return number
    case 5...7: return number + 2
    case 9...11: return number - 5
    default: return nil
    }
  }
}
