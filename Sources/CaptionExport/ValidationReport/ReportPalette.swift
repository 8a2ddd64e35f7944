#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The colours of the validation report, light and dark: every one used for text or a shape
/// keeps a contrast of 4.5:1 or more against its scheme's background.
enum ReportPalette {
  /// Name (the CSS custom property without `--`), light colour, dark colour.
  static let colours: [(name: String, light: String, dark: String)] = [
    ("bg", "#ffffff", "#121212"),
    ("fg", "#1b1b1b", "#ececec"),
    ("muted", "#4d4d4d", "#c4c4c4"),
    ("link", "#0b57d0", "#9cc3ff"),
    ("focus", "#b3261e", "#ffb4ab"),
    ("grid", "#6b6b6b", "#8f8f8f"),
    ("speech", "#7a4a00", "#f0c674"),
    ("captions", "#0b57d0", "#8ab4f8"),
    ("descriptions", "#7b1fa2", "#e1a6f0"),
    ("error", "#b3261e", "#ffb4ab"),
    ("warning", "#8a4f00", "#ffd58a"),
    ("remark", "#3f5266", "#b6c8dc"),
    ("pass", "#1e6b2e", "#8fd19e"),
  ]

  /// `:root{…}` for light, the dark scheme's override, and black on white for print.
  static var customProperties: String {
    var light = ":root{color-scheme:light dark"
    var dark = "@media (prefers-color-scheme:dark){:root{"
    var print = ":root{"
    for (index, colour) in colours.enumerated() {
      light += ";--\(colour.name):\(colour.light)"
      dark += (index == 0 ? "" : ";") + "--\(colour.name):\(colour.dark)"
      let black = colour.name == "bg" ? "#fff" : colour.name == "grid" ? "#555" : "#000"
      print += (index == 0 ? "" : ";") + "--\(colour.name):\(black)"
    }
    return light + "}\n" + dark + "}}\n@media print{" + print + "}}"
  }

  /// The contrast ratio of two `#rrggbb` colours (WCAG 2.2 relative luminance).
  static func contrast(_ first: String, _ second: String) -> Double {
    func luminance(_ hex: String) -> Double {
      let digits = Array(hex.utf8.dropFirst())
      func channel(_ at: Int) -> Double {
        let text = String(decoding: digits[at..<at + 2], as: UTF8.self)
        let value = Double(Int(text, radix: 16) ?? 0) / 255
        return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
      }
      return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
    }
    let (a, b) = (luminance(first), luminance(second))
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }
}
