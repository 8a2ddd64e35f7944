import CaptionCore

/// An SRT timing line (`00:00:01,000 --> 00:00:02,500`) read leniently, with each repair.
struct SRTTiming {
  /// Something in a timing line that was read, but is not written the SRT way.
  struct Issue {
    /// Byte offset in the line where the problem is.
    var column: Int
    var message: String
    var hint: String?
  }

  var start: MediaTime
  var end: MediaTime
  var issues: [Issue]

  /// True when `line` looks like a timing line: it starts (after spaces) with a digit and
  /// holds `-->`. Such a line is a timing line even when it cannot be read.
  static func isCandidate(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = line.count
    // The common `00:00:01,000 --> …`.
    if count > 15, isDigit(line[0]), line[13] == 0x2D, line[14] == 0x2D, line[15] == 0x3E {
      return true
    }
    while index < count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    guard index < count, isDigit(line[index]) else { return false }
    index += 1
    while index + 2 < count {
      if line[index] == 0x2D, line[index + 1] == 0x2D, line[index + 2] == 0x3E { return true }
      index += 1
    }
    return false
  }

  /// Reads `line` (without its terminator and trailing spaces); nil when it cannot be read.
  /// `index` is the 1-based number of the cue, named in messages.
  init?(_ line: UnsafeBufferPointer<UInt8>, cue index: Int) {
    self.init(line, cueNumber: index)
  }

  private init?(_ line: UnsafeBufferPointer<UInt8>, cueNumber: Int) {
    var cue: String { "cue \(cueNumber)" }
    let count = line.count
    var index = 0
    var issues: [Issue] = []
    while index < count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    guard
      let start = SRTTiming.timestamp(
        line, at: &index, role: "start", cue: cueNumber, issues: &issues)
    else { return nil }
    let beforeArrow = index
    while index < count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    let spaceBefore = index > beforeArrow
    guard index + 2 < count, line[index] == 0x2D, line[index + 1] == 0x2D,
      line[index + 2] == 0x3E
    else { return nil }
    let arrow = index
    index += 3
    let afterArrow = index
    while index < count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    if !spaceBefore || index == afterArrow {
      issues.append(
        Issue(
          column: arrow, message: "timing of \(cue) has no space around '-->'",
          hint: "write one space on each side of '-->'"))
    }
    guard
      let end = SRTTiming.timestamp(
        line, at: &index, role: "end", cue: cueNumber, issues: &issues)
    else { return nil }
    let afterEnd = index
    while index < count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    if index < count {
      if index == afterEnd { return nil }
      let rest = String(decoding: UnsafeBufferPointer(rebasing: line[index..<count]), as: UTF8.self)
      let isCoordinates =
        index + 2 < count && (line[index] | 0x20) == 0x78 && line[index + 1] == 0x31
        && line[index + 2] == 0x3A
      if isCoordinates {
        issues.append(
          Issue(
            column: index,
            message: "position coordinates '\(SRTText.excerpt(rest))' of \(cue) ignored",
            hint: "players mostly ignore SRT coordinates; use {\\an8} to show a cue at the top"))
      } else {
        issues.append(
          Issue(
            column: index,
            message: "text '\(SRTText.excerpt(rest))' after the end time of \(cue) ignored",
            hint: "end the timing line after the end time"))
      }
    }
    self.start = start
    self.end = end
    self.issues = issues
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// The time `hh:mm:ss,mmm` at `index`, written exactly that way (minutes and seconds up to
  /// 59, no digit after it); else nil.
  @inline(__always)
  private static func cleanTimestamp(_ line: UnsafeBufferPointer<UInt8>, at index: Int)
    -> MediaTime?
  {
    guard line.count - index >= 12 else { return nil }
    if line.count - index > 12, isDigit(line[index + 12]) { return nil }
    @inline(__always) func digit(_ offset: Int) -> Int64? {
      let value = line[index + offset] &- 0x30
      return value < 10 ? Int64(value) : nil
    }
    guard line[index + 2] == 0x3A, line[index + 5] == 0x3A, line[index + 8] == 0x2C,
      let h1 = digit(0), let h2 = digit(1), let m1 = digit(3), let m2 = digit(4),
      let s1 = digit(6), let s2 = digit(7), let f1 = digit(9), let f2 = digit(10),
      let f3 = digit(11), m1 <= 5, s1 <= 5
    else { return nil }
    let seconds = ((h1 * 10 + h2) * 60 + m1 * 10 + m2) * 60 + s1 * 10 + s2
    return MediaTime(milliseconds: seconds * 1000 + f1 * 100 + f2 * 10 + f3)
  }

  /// Reads `h:mm:ss,mmm` (and the usual mistakes) at `index`, moving `index` past it. Builds
  /// no string unless something is wrong.
  private static func timestamp(
    _ line: UnsafeBufferPointer<UInt8>, at index: inout Int, role: StaticString, cue: Int,
    issues: inout [Issue]
  ) -> MediaTime? {
    let count = line.count
    let begin = index
    if let time = cleanTimestamp(line, at: index) {
      index += 12
      return time
    }
    // Up to three `:`-separated fields; the last two are minutes and seconds.
    var values: (Int64, Int64, Int64) = (0, 0, 0)
    var digits: (Int, Int, Int) = (0, 0, 0)
    var fields = 0
    while true {
      var value: Int64 = 0
      var fieldDigits = 0
      while index < count, isDigit(line[index]) {
        if fieldDigits < 12 { value = value * 10 + Int64(line[index] - 0x30) }
        fieldDigits += 1
        index += 1
      }
      guard fieldDigits > 0, fieldDigits <= 12 else { return nil }
      values = (values.1, values.2, value)
      digits = (digits.1, digits.2, fieldDigits)
      fields += 1
      guard index < count, line[index] == 0x3A, fields < 3 else { break }
      index += 1
    }
    guard fields >= 2 else { return nil }
    var separator: UInt8 = 0
    var fraction: Int64 = 0
    var fractionDigits = 0
    if index < count, line[index] == 0x2C || line[index] == 0x2E {
      separator = line[index]
      index += 1
      while index < count, isDigit(line[index]) {
        if fractionDigits < 3 { fraction = fraction * 10 + Int64(line[index] - 0x30) }
        fractionDigits += 1
        index += 1
      }
    }
    let hours = fields == 3 ? values.0 : 0
    let hourDigits = fields == 3 ? digits.0 : 2
    let (minutes, seconds) = (values.1, values.2)
    var milliseconds = fraction
    if fractionDigits == 1 {
      milliseconds *= 100
    } else if fractionDigits == 2 {
      milliseconds *= 10
    }
    let time = MediaTime(
      hours: hours, minutes: minutes, seconds: seconds, milliseconds: milliseconds)
    let clean =
      hourDigits >= 2 && digits.1 == 2 && digits.2 == 2 && minutes <= 59 && seconds <= 59
      && separator == 0x2C && fractionDigits == 3
    if clean { return time }

    let written = String(
      decoding: UnsafeBufferPointer(rebasing: line[begin..<index]), as: UTF8.self)
    let readAs = time.timestamp(separator: ",")
    let quoted = "\(role) time of cue \(cue) '\(written)'"
    func add(_ message: String, _ hint: String) {
      issues.append(Issue(column: begin, message: message, hint: hint))
    }
    let form = "write times as hh:mm:ss,mmm"
    if fields == 2 {
      add("\(quoted) has no hours, read as \(readAs)", form)
    } else if hourDigits == 1 {
      add("\(quoted) has 1-digit hours, expected 2", form)
    }
    for (name, value, count) in [("minutes", minutes, digits.1), ("seconds", seconds, digits.2)] {
      if count != 2 {
        add("\(quoted) has \(count)-digit \(name), expected 2", form)
      }
      if value > 59 {
        add("\(quoted) has \(name) over 59, read as \(readAs)", form)
      }
    }
    if separator == 0x2E {
      add(
        "\(quoted) has '.' before the milliseconds, expected ','",
        "write ',' before the milliseconds")
    }
    if fractionDigits == 0 {
      add("\(quoted) has no milliseconds, read as \(readAs)", form)
    } else if fractionDigits != 3 {
      add("\(quoted) has \(fractionDigits)-digit milliseconds, read as \(readAs)", form)
    }
    return time
  }
}
