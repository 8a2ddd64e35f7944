extension String {
  /// Appends `text` with `&`, `<`, `>` and `"` as character references and control
  /// characters other than tab and line feed removed, for HTML and SVG text and for attribute
  /// values (always in double quotes).
  mutating func appendEscapedHTML(_ text: String) {
    var plain = true
    for byte in text.utf8
    where byte < 0x20 || byte == 0x26 || byte == 0x3C || byte == 0x3E
      || byte == 0x22 || byte == 0x7F || byte == 0xC2
    {
      plain = false
      break
    }
    if plain {
      self += text
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": self += "&amp;"
      case "<": self += "&lt;"
      case ">": self += "&gt;"
      case "\"": self += "&quot;"
      case "\t", "\n": unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
        unicodeScalars.append(scalar)
      }
    }
  }
}
