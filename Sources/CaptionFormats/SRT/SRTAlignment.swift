import CaptionCore

/// The `{\anN}` alignment tags of SRT (from ASS: a numeric keypad, 1-3 bottom, 4-6 middle,
/// 7-9 top; left, centre, right) and the cue settings they stand for.
enum SRTAlignment {
  /// The closest `{\anN}` for `settings` (2, bottom centre, needs no tag) and what it could
  /// not carry, as phrases naming the values.
  static func tag(for settings: CueSettings) -> (n: Int, lost: [String]) {
    var lost: [String] = []
    let row: Int
    var lineAlignUsed = false
    if let line = settings.line {
      let value = SRTAlignment.number(line)
      if settings.snapToLines {
        row = line < 0 ? 0 : 2
        if line != 0 && line != -1 {
          lost.append("line \(value) (written as the \(row == 2 ? "top" : "bottom") line)")
        }
      } else if line == 50 && settings.lineAlign == .center {
        row = 1
        lineAlignUsed = true
      } else {
        row = line < 100.0 / 3 ? 2 : line > 200.0 / 3 ? 0 : 1
        let place = ["bottom", "middle", "top"][row]
        lost.append("line \(value)% (written as the \(place))")
      }
    } else {
      row = 0
    }
    if !lineAlignUsed && settings.lineAlign != .start {
      lost.append("line alignment \(settings.lineAlign.rawValue)")
    }
    let column: Int
    switch settings.align {
    case .left: column = 1
    case .center: column = 2
    case .right: column = 3
    case .start:
      column = 1
      lost.append("align start (written as left)")
    case .end:
      column = 3
      lost.append("align end (written as right)")
    }
    if let position = settings.position {
      lost.append("position \(SRTAlignment.number(position))%")
    }
    if settings.positionAlign != .auto {
      lost.append("position alignment \(settings.positionAlign.rawValue)")
    }
    if settings.size != 100 { lost.append("size \(SRTAlignment.number(settings.size))%") }
    if settings.vertical != .horizontal { lost.append("vertical \(settings.vertical.rawValue)") }
    if let region = settings.region { lost.append("region '\(region)'") }
    return (row * 3 + column, lost)
  }

  /// `50` for 50.0, `12.5` for 12.5.
  static func number(_ value: Double) -> String {
    if abs(value) < 1e15, Double(Int64(value)) == value { return String(Int64(value)) }
    return String(value)
  }
}
