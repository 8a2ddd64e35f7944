import CaptionCore

/// The colours of SRT's `<font color="…">` and the cue text classes they become.
///
/// WebVTT's eight default colour classes (`white`, `lime`, `cyan`, `red`, `yellow`,
/// `magenta`, `blue`, `black`) stand for themselves, by name or by hex value
/// (`#ffff00` is `yellow`); any other colour is the class `color-` followed by the value
/// in lowercase without `#` (`#FF8800` is `color-ff8800`, `orange` is `color-orange`).
enum SRTColor {
  /// The default colour classes and their hex values.
  static let defaults = ColourClass.defaults

  static let prefix = ColourClass.prefix

  /// The class for a `color` attribute value; nil when it is not a colour (empty, or holds
  /// anything but ASCII letters and digits after an optional `#`).
  static func className(_ value: String) -> String? {
    var body = Substring(value.lowercased())
    let isHex = body.first == "#"
    if isHex { body = body.dropFirst() }
    guard !body.isEmpty, body.utf8.allSatisfy({ isAlphanumeric($0) }) else { return nil }
    var name = String(body)
    if isHex, name.count == 3, name.utf8.allSatisfy(isHexDigit) {
      name = name.map { "\($0)\($0)" }.joined()
    }
    for entry in defaults where entry.name == name || (isHex && entry.hex == name) {
      return entry.name
    }
    return prefix + name
  }

  /// The `color` attribute value for a class, or nil when the class is not a colour. Besides
  /// the classes above, CEA-608's colours, which its decoder gives as classes (`green`, 608's
  /// `#00ff00`), are colours.
  static func value(forClass name: String) -> String? {
    for entry in defaults where entry.name == name { return "#" + entry.hex }
    if let color = CEA608Style.Color(rawValue: name) { return "#" + color.hex }
    guard name.hasPrefix(prefix) else { return nil }
    let body = name.dropFirst(prefix.count)
    guard !body.isEmpty, body.utf8.allSatisfy({ isAlphanumeric($0) }) else { return nil }
    let isHex = [3, 6, 8].contains(body.utf8.count) && body.utf8.allSatisfy(isHexDigit)
    return isHex ? "#" + body : String(body)
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
  }
}
