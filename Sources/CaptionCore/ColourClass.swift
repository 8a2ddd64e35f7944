/// How cue text keeps a colour: as a class. WebVTT's eight default colour classes stand for
/// themselves (`yellow` is `#ffff00`); any other colour is `color-` and its value in lowercase
/// hex (`color-ff8800`). SRT's `<font color>`, TTML's `tts:color` and ASS's `\c` are read into
/// these classes, and the writers turn them back into colours.
package enum ColourClass {
  /// WebVTT's default colour classes and their hex values.
  package static let defaults: [(name: String, hex: String)] = [
    ("white", "ffffff"), ("lime", "00ff00"), ("cyan", "00ffff"), ("red", "ff0000"),
    ("yellow", "ffff00"), ("magenta", "ff00ff"), ("blue", "0000ff"), ("black", "000000"),
  ]

  /// The start of a class that names a colour by its value.
  package static let prefix = "color-"

  /// The class of the colour with these lowercase hex digits (`rrggbb` or `rrggbbaa`).
  package static func name(hex: String) -> String {
    for entry in defaults where entry.hex == hex { return entry.name }
    return prefix + hex
  }
}
