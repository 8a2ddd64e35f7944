/// An exact point in time: an integer count of `1/timescale` seconds.
///
/// Times are never stored as floating point. Two times with different timescales compare
/// and hash by their exact rational value, so `1/1000` equals `90/90000`.
public struct MediaTime: Sendable {
  /// The count of ticks.
  public var value: Int64
  /// Ticks per second; always positive.
  public var timescale: Int32

  @inlinable
  public init(value: Int64, timescale: Int32) {
    precondition(timescale > 0, "timescale must be positive")
    self.value = value
    self.timescale = timescale
  }

  /// A time in whole milliseconds (timescale 1000), the resolution of WebVTT and SRT.
  @inlinable
  public init(milliseconds: Int64) {
    self.init(value: milliseconds, timescale: 1000)
  }

  /// A time from its parts, as written in `hh:mm:ss.ttt` timestamps. Saturates at the
  /// limits of `Int64` milliseconds instead of trapping on absurd input.
  public init(hours: Int64, minutes: Int64, seconds: Int64, milliseconds: Int64) {
    let total =
      ((Int128(hours) * 60 + Int128(minutes)) * 60 + Int128(seconds)) * 1000
      + Int128(milliseconds)
    self.init(milliseconds: Int64(clamping: total))
  }

  public static let zero = MediaTime(value: 0, timescale: 1000)

  /// The same time in another timescale, rounded to the nearest tick (halves away from zero).
  public func converted(to newScale: Int32) -> MediaTime {
    if newScale == timescale { return self }
    let scaled = Int128(value) * Int128(newScale)
    let divisor = Int128(timescale)
    var quotient = scaled / divisor
    let remainder = scaled % divisor
    if remainder.magnitude * 2 >= divisor.magnitude {
      quotient += scaled < 0 ? -1 : 1
    }
    return MediaTime(value: Int64(clamping: quotient), timescale: newScale)
  }

  /// The time in whole milliseconds, rounded to the nearest.
  @inlinable
  public var milliseconds: Int64 { timescale == 1000 ? value : converted(to: 1000).value }

  /// The time in seconds as floating point: only for output edges such as JSON.
  public var seconds: Double { Double(value) / Double(timescale) }

  /// Decimal seconds with exactly three decimals (`"12.345"`, `"-0.500"`).
  public var decimalSeconds: String {
    let ms = milliseconds
    let sign = ms < 0 ? "-" : ""
    let magnitude = ms.magnitude
    let fraction = magnitude % 1000
    let padded = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
    return "\(sign)\(magnitude / 1000).\(padded)"
  }

  /// The sum in the least common multiple of the two timescales, so it is exact
  /// (`1/3 + 1/2 = 5/6`); when that multiple does not fit `Int32`, in the finer timescale,
  /// rounded. Saturates at the limits of `Int64`.
  public static func + (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
    if lhs.timescale == rhs.timescale {
      return MediaTime(
        value: Int64(clamping: Int128(lhs.value) + Int128(rhs.value)), timescale: lhs.timescale)
    }
    var a = Int64(lhs.timescale)
    var b = Int64(rhs.timescale)
    while b != 0 { (a, b) = (b, a % b) }
    let multiple = Int64(lhs.timescale) / a * Int64(rhs.timescale)
    if multiple <= Int64(Int32.max) {
      let sum =
        Int128(lhs.value) * Int128(multiple / Int64(lhs.timescale))
        + Int128(rhs.value) * Int128(multiple / Int64(rhs.timescale))
      return MediaTime(value: Int64(clamping: sum), timescale: Int32(multiple))
    }
    let scale = max(lhs.timescale, rhs.timescale)
    let sum = Int128(lhs.converted(to: scale).value) + Int128(rhs.converted(to: scale).value)
    return MediaTime(value: Int64(clamping: sum), timescale: scale)
  }

  public static func - (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
    lhs + -rhs
  }

  /// The negated time; `Int64.min` ticks saturate to `Int64.max`.
  public static prefix func - (time: MediaTime) -> MediaTime {
    MediaTime(
      value: time.value == .min ? .max : -time.value, timescale: time.timescale)
  }
}

extension MediaTime: Comparable, Hashable {
  // Times of one timescale, as those of a caption file, are compared where they are used:
  // the rules compare several per cue.
  @inlinable
  public static func == (lhs: MediaTime, rhs: MediaTime) -> Bool {
    if lhs.timescale == rhs.timescale { return lhs.value == rhs.value }
    let (left, right) = crossScaleProducts(lhs, rhs)
    return left == right
  }

  @inlinable
  public static func < (lhs: MediaTime, rhs: MediaTime) -> Bool {
    if lhs.timescale == rhs.timescale { return lhs.value < rhs.value }
    let (left, right) = crossScaleProducts(lhs, rhs)
    return left < right
  }

  /// Each time's ticks times the other's timescale: in one unit, compared exactly.
  @usableFromInline
  static func crossScaleProducts(_ lhs: MediaTime, _ rhs: MediaTime) -> (Int128, Int128) {
    (Int128(lhs.value) * Int128(rhs.timescale), Int128(rhs.value) * Int128(lhs.timescale))
  }

  public func hash(into hasher: inout Hasher) {
    // Hash the reduced fraction so that equal times hash alike.
    var a = value.magnitude
    var b = UInt64(timescale)
    while b != 0 { (a, b) = (b, a % b) }
    let divisor = Int64(max(a, 1))
    hasher.combine(value / divisor)
    hasher.combine(Int64(timescale) / divisor)
  }
}

extension MediaTime: CustomStringConvertible {
  /// `hh:mm:ss.ttt`, the WebVTT form with hours always present.
  public var description: String { timestamp() }

  /// The time as a WebVTT-style timestamp, `hh:mm:ss.ttt` (or `hh:mm:ss,ttt` with
  /// `separator: ","` for SRT). Hours grow past two digits when needed.
  public func timestamp(separator: Character = ".") -> String {
    let ms = milliseconds
    let sign = ms < 0 ? "-" : ""
    let total = ms.magnitude
    let fraction = total % 1000
    let secs = (total / 1000) % 60
    let mins = (total / 60_000) % 60
    let hours = total / 3_600_000
    func two(_ n: UInt64) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let three = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
    return "\(sign)\(two(hours)):\(two(mins)):\(two(secs))\(separator)\(three)"
  }
}
