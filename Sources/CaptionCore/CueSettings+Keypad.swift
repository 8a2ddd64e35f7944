extension CueSettings {
  /// The settings for an ASS/SRT `\anN` alignment, `n` from 1 to 9 laid out as a numeric
  /// keypad (1-3 bottom, 4-6 middle, 7-9 top; left, centre, right): top is `line: 0`, middle
  /// is `line: 50%` centred, bottom is the default line; left and right are `align: left`
  /// and `align: right`.
  public init(keypadAlignment n: Int) {
    self.init()
    switch (n - 1) / 3 {
    case 1:
      line = 50
      snapToLines = false
      lineAlign = .center
    case 2:
      line = 0
    default:
      break
    }
    switch (n - 1) % 3 {
    case 0: align = .left
    case 2: align = .right
    default: align = .center
    }
  }
}
