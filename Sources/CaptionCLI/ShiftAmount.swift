import CaptionKit

/// Parses `--shift` values: decimal seconds, possibly signed, exact to the millisecond
/// (`1.5`, `-0.040`, `+2`, `.25`), without going through floating point.
enum ShiftAmount {
  /// The largest shift accepted, in seconds: about 31 years.
  static let limitSeconds: Int64 = 1_000_000_000

  static func parse(_ text: String) throws(UsageError) -> MediaTime {
    let invalid = UsageError(
      "'--shift' takes seconds such as 1.5 or -0.250, not '\(text)'")
    var digits = Substring(text)
    var negative = false
    if let sign = digits.first, sign == "-" || sign == "+" {
      negative = sign == "-"
      digits = digits.dropFirst()
    }
    let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let whole = parts[0]
    let fraction = parts.count > 1 ? parts[1] : ""
    guard !(whole.isEmpty && fraction.isEmpty),
      whole.allSatisfy({ $0.isASCII && $0.isNumber }),
      fraction.allSatisfy({ $0.isASCII && $0.isNumber }),
      parts.count == 1 || !fraction.isEmpty || !whole.isEmpty
    else { throw invalid }
    if fraction.count > 3, fraction.dropFirst(3).contains(where: { $0 != "0" }) {
      throw UsageError(
        "'--shift' is exact to the millisecond; '\(text)' has more than 3 decimals",
        hint: "round it to 3 decimals")
    }
    let trimmedWhole = whole.drop { $0 == "0" }
    guard trimmedWhole.count <= 10, let seconds = Int64(whole.isEmpty ? "0" : String(whole)),
      seconds <= limitSeconds
    else {
      throw UsageError("'--shift' \(text) is larger than \(limitSeconds) seconds")
    }
    let padded = String((fraction.prefix(3) + "000").prefix(3))
    let milliseconds = seconds * 1000 + (Int64(padded) ?? 0)
    return MediaTime(milliseconds: negative ? -milliseconds : milliseconds)
  }
}
