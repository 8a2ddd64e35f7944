import CaptionCore

/// TTML time expressions (`begin`, `end`, `dur`): clock time `hh:mm:ss`, `hh:mm:ss.fff`,
/// `hh:mm:ss:ff`, `hh:mm:ss:ff.sf`, and offset time `12.5s`, `500ms`, `2h`, `3m`, `25f`,
/// `1000t`, read as exact `MediaTime`s.
enum TTMLTimeExpression {
  /// Why a time expression could not be read.
  enum Problem: Error, Equatable {
    /// Not a TTML time expression at all.
    case syntax
    /// A clock-time part out of range: `minutes`, `seconds` or `frames` and its limit.
    case outOfRange(part: String, value: Int64, limit: Int64)
  }

  /// A time read, and whether it had to be rounded (to nanoseconds) to fit a `MediaTime`.
  struct Value: Equatable {
    var time: MediaTime
    var isRounded: Bool
  }

  /// Reads `text` with the document's timing parameters.
  static func parse(_ text: String, _ parameters: TTMLTimingParameters) -> Result<
    Value, Problem
  > {
    var bytes = Array(text.utf8)[...]
    // XML attribute values may carry white space around the value.
    while let first = bytes.first, isSpace(first) { bytes.removeFirst() }
    while let last = bytes.last, isSpace(last) { bytes.removeLast() }
    guard !bytes.isEmpty else { return .failure(.syntax) }
    if bytes.contains(UInt8(ascii: ":")) { return clockTime(bytes, parameters) }
    return offsetTime(bytes, parameters)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// The value of a run of digits, nil when it is empty or too long to be a time.
  private static func number(_ digits: ArraySlice<UInt8>) -> Int64? {
    guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy(isDigit) else { return nil }
    var value: Int64 = 0
    for digit in digits { value = value * 10 + Int64(digit - 0x30) }
    return value
  }

  private static func clockTime(
    _ bytes: ArraySlice<UInt8>, _ parameters: TTMLTimingParameters
  ) -> Result<Value, Problem> {
    let parts = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    guard parts.count == 3 || parts.count == 4 else { return .failure(.syntax) }
    guard parts[0].count >= 2, let hours = number(parts[0]),
      parts[1].count == 2, let minutes = number(parts[1])
    else { return .failure(.syntax) }
    // Seconds: `ss` or `ss.fraction` (the fraction only without frames).
    let secondsPart = parts[2]
    let secondsDigits: ArraySlice<UInt8>
    var fraction: ArraySlice<UInt8> = []
    if let dot = secondsPart.firstIndex(of: UInt8(ascii: ".")) {
      guard parts.count == 3 else { return .failure(.syntax) }
      secondsDigits = secondsPart[..<dot]
      fraction = secondsPart[(dot + 1)...]
      guard !fraction.isEmpty, fraction.allSatisfy(isDigit) else { return .failure(.syntax) }
    } else {
      secondsDigits = secondsPart
    }
    guard secondsDigits.count == 2, let seconds = number(secondsDigits) else {
      return .failure(.syntax)
    }
    if minutes > 59 { return .failure(.outOfRange(part: "minutes", value: minutes, limit: 59)) }
    // Seconds may be 60 (a leap second) in TTML.
    if seconds > 60 { return .failure(.outOfRange(part: "seconds", value: seconds, limit: 60)) }
    let whole = Int128(hours) * 3600 + Int128(minutes) * 60 + Int128(seconds)
    if parts.count == 3 {
      let (numerator, denominator) = decimal(whole, fraction)
      return exact(numerator, denominator)
    }
    // Frames: `ff` or `ff.sf` (sub-frames).
    let framePart = parts[3]
    var frameDigits = framePart
    var subFrames: Int64 = 0
    if let dot = framePart.firstIndex(of: UInt8(ascii: ".")) {
      frameDigits = framePart[..<dot]
      guard let value = number(framePart[(dot + 1)...]) else { return .failure(.syntax) }
      subFrames = value
    }
    guard frameDigits.count >= 2, let frames = number(frameDigits) else {
      return .failure(.syntax)
    }
    let rate = parameters.frameRate
    if frames >= rate {
      return .failure(.outOfRange(part: "frames", value: frames, limit: rate - 1))
    }
    if subFrames >= parameters.subFrameRate {
      return .failure(
        .outOfRange(part: "sub-frames", value: subFrames, limit: parameters.subFrameRate - 1))
    }
    // seconds + (frames + subFrames / subFrameRate) / (frameRate * numerator / denominator)
    let multiplier = parameters.frameRateMultiplier
    let subFrameRate = Int128(parameters.subFrameRate)
    let denominator = Int128(rate) * Int128(multiplier.numerator) * subFrameRate
    let numerator =
      whole * denominator
      + (Int128(frames) * subFrameRate + Int128(subFrames)) * Int128(multiplier.denominator)
    return exact(numerator, denominator)
  }

  private static func offsetTime(
    _ bytes: ArraySlice<UInt8>, _ parameters: TTMLTimingParameters
  ) -> Result<Value, Problem> {
    var end = bytes.endIndex
    while end > bytes.startIndex, !isDigit(bytes[end - 1]), bytes[end - 1] != UInt8(ascii: ".") {
      end -= 1
    }
    let metric = String(decoding: bytes[end...], as: UTF8.self)
    let value = bytes[..<end]
    var integerPart = value
    var fraction: ArraySlice<UInt8> = []
    if let dot = value.firstIndex(of: UInt8(ascii: ".")) {
      integerPart = value[..<dot]
      fraction = value[(dot + 1)...]
      guard !fraction.isEmpty, fraction.allSatisfy(isDigit) else { return .failure(.syntax) }
    }
    guard let integer = number(integerPart) else { return .failure(.syntax) }
    let (numerator, denominator) = decimal(Int128(integer), fraction)
    let multiplier = parameters.frameRateMultiplier
    switch metric {
    case "h": return exact(numerator * 3600, denominator)
    case "m": return exact(numerator * 60, denominator)
    case "s": return exact(numerator, denominator)
    case "ms": return exact(numerator, denominator * 1000)
    case "f":
      return exact(
        numerator * Int128(multiplier.denominator),
        denominator * Int128(parameters.frameRate) * Int128(multiplier.numerator))
    case "t": return exact(numerator, denominator * Int128(parameters.tickRate))
    default: return .failure(.syntax)
    }
  }

  /// `whole.fraction` as a fraction with a power of ten below it.
  private static func decimal(_ whole: Int128, _ fraction: ArraySlice<UInt8>) -> (Int128, Int128) {
    var numerator = whole
    var denominator: Int128 = 1
    // Digits past the 12th (below a picosecond) cannot change a time that fits a `MediaTime`.
    for digit in fraction.prefix(12) {
      numerator = numerator * 10 + Int128(digit - 0x30)
      denominator *= 10
    }
    return (numerator, denominator)
  }

  /// The time `numerator / denominator` seconds, exact when the reduced fraction fits a
  /// `MediaTime`; else rounded to nanoseconds.
  static func exact(_ numerator: Int128, _ denominator: Int128) -> Result<Value, Problem> {
    guard denominator > 0 else { return .failure(.syntax) }
    var a = numerator.magnitude
    var b = denominator.magnitude
    while b != 0 { (a, b) = (b, a % b) }
    let divisor = Int128(max(a, 1))
    let reducedNumerator = numerator / divisor
    let reducedDenominator = denominator / divisor
    if reducedDenominator <= Int128(Int32.max), let value = Int64(exactly: reducedNumerator) {
      let time = MediaTime(value: value, timescale: Int32(reducedDenominator))
      return .success(Value(time: time, isRounded: false))
    }
    // The numerator is below 10^36 here (at most 15 digits times a few small factors).
    let scaled = reducedNumerator.multipliedReportingOverflow(by: 1_000_000_000)
    var quotient = scaled.overflow ? Int128(Int64.max) : scaled.partialValue / reducedDenominator
    if !scaled.overflow,
      (scaled.partialValue % reducedDenominator).magnitude * 2 >= reducedDenominator.magnitude
    {
      quotient += 1
    }
    let time = MediaTime(value: Int64(clamping: quotient), timescale: 1_000_000_000)
    return .success(Value(time: time, isRounded: true))
  }
}

/// The `ttp:` parameters of a document that time expressions depend on.
struct TTMLTimingParameters: Equatable {
  /// `ttp:frameRate`, 30 when not given.
  var frameRate: Int64 = 30
  /// `ttp:frameRateMultiplier`, `1 1` when not given.
  var frameRateMultiplier: (numerator: Int64, denominator: Int64) = (1, 1)
  /// `ttp:subFrameRate`, 1 when not given.
  var subFrameRate: Int64 = 1
  /// `ttp:tickRate`: when not given, the frame rate times the sub-frame rate if a frame rate
  /// is given, else 1.
  var tickRate: Int64 = 1

  static func == (lhs: TTMLTimingParameters, rhs: TTMLTimingParameters) -> Bool {
    lhs.frameRate == rhs.frameRate && lhs.subFrameRate == rhs.subFrameRate
      && lhs.tickRate == rhs.tickRate
      && lhs.frameRateMultiplier.numerator == rhs.frameRateMultiplier.numerator
      && lhs.frameRateMultiplier.denominator == rhs.frameRateMultiplier.denominator
  }
}
