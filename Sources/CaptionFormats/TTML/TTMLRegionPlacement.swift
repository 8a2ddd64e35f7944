import CaptionCore

/// Where a TTML region puts its text, as the closest WebVTT line setting: WebVTT places a cue
/// by one line position, TTML by a box and the alignment of the text in it.
enum TTMLRegionPlacement {
  /// The line settings for text in a region of `style` (its origin, extent and displayAlign).
  ///
  /// - Text at the bottom (displayAlign `after`) of a box reaching 80% of the height or lower:
  ///   the WebVTT default (no line setting). Higher: `line:<bottom>%,end`.
  /// - Text at the top (`before`, the default) of a box starting at 20% or higher: `line:0`,
  ///   the top line. Lower: `line:<top>%` (aligned at its start).
  /// - Centred text: `line:<middle>%,center`.
  ///
  /// `height` is the root container's height in pixels (from `tts:extent` on `tt`), needed
  /// for pixel lengths; `rows` the cell rows (`ttp:cellResolution`). Nil when a length cannot
  /// be turned into a percentage.
  static func settings(for style: TTMLStyle, height: Double?, rows: Double) -> CueSettings? {
    var top = 0.0
    var boxHeight = 100.0
    if let origin = style.origin {
      guard let value = origin.y.percentage(size: height, cells: rows) else { return nil }
      top = value
    }
    if let extent = style.extent {
      guard let value = extent.height.percentage(size: height, cells: rows) else { return nil }
      boxHeight = value
    }
    var settings = CueSettings()
    switch style.displayAlign ?? .before {
    case .after:
      let bottom = top + boxHeight
      if bottom < 80 {
        settings.line = rounded(bottom)
        settings.snapToLines = false
        settings.lineAlign = .end
      }
    case .before:
      if top <= 20 {
        settings.line = 0
      } else {
        settings.line = rounded(top)
        settings.snapToLines = false
      }
    case .center:
      settings.line = rounded(top + boxHeight / 2)
      settings.snapToLines = false
      settings.lineAlign = .center
    }
    return settings
  }

  /// A percentage kept to a millionth, so that `10% + 80%` reads as 90 and not 89.99999….
  private static func rounded(_ value: Double) -> Double {
    (min(max(value, 0), 100) * 1_000_000).rounded() / 1_000_000
  }
}
