import CaptionCore

/// Numbers and durations as messages show them.
enum MessageFormat {
  /// A number with at most one decimal (`23.5`, `12`); `floor` rounds down, so that a value
  /// just over a limit never prints as the limit itself when the limit is whole.
  static func number(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    if tenths == (tenths / 10).rounded() * 10 { return String(Int64(tenths / 10)) }
    let whole = Int64(tenths / 10)
    let fraction = Int64(abs(tenths)) % 10
    return "\(tenths < 0 && whole == 0 ? "-" : "")\(whole).\(fraction)"
  }

  /// A rate above `limit` with enough decimals to differ from it (`20.04` rather than `20`).
  static func over(_ value: Double, limit: Double) -> String {
    if (value * 10).rounded() / 10 > limit { return number(value) }
    let hundredths = Int64((value * 100).rounded(.up))
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// Milliseconds as seconds with three decimals: `0.833 s`.
  static func seconds(_ milliseconds: Int64) -> String {
    MediaTime(milliseconds: milliseconds).decimalSeconds + " s"
  }

  /// `1 time`, `2 times`.
  static func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
