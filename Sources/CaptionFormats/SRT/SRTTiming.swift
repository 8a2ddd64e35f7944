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
  /// `cue` names the cue in messages.
  init?(_ line: UnsafeBufferPointer<UInt8>, cue: String) {
    let count = line.count
    var index = 0
    var issues: [Issue] = []
    while index < count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    guard
      let start = SRTTiming.timestamp(
        line, at: &index, role: "start time of \(cue)", issues: &issues)
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
      let end = SRTTiming.timestamp(line, at: &index, role: "end time of \(cue)", issues: &issues)
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

  /// Reads `h:mm:ss,mmm` (and the usual mistakes) at `index`, moving `index` past it.
  private static func timestamp(
    _ line: UnsafeBufferPointer<UInt8>, at index: inout Int, role: String,
    issues: inout [Issue]
  ) -> MediaTime? {
    let count = line.count
    let begin = index
    var fields: [(value: Int64, digits: Int)] = []
    while true {
      var value: Int64 = 0
      var digits = 0
      while index < count, isDigit(line[index]) {
        if digits < 12 { value = value * 10 + Int64(line[index] - 0x30) }
        digits += 1
        index += 1
      }
      guard digits > 0, digits <= 12 else { return nil }
      fields.append((value, digits))
      guard index < count, line[index] == 0x3A, fields.count < 3 else { break }
      index += 1
    }
    guard fields.count >= 2 else { return nil }
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
    let written = String(
      decoding: UnsafeBufferPointer(rebasing: line[begin..<index]), as: UTF8.self)
    let hours = fields.count == 3 ? fields[0] : (value: Int64(0), digits: 2)
    let minutes = fields[fields.count - 2]
    let seconds = fields[fields.count - 1]
    var milliseconds = fraction
    if fractionDigits == 1 {
      milliseconds *= 100
    } else if fractionDigits == 2 {
      milliseconds *= 10
    }
    let time = MediaTime(
      hours: hours.value, minutes: minutes.value, seconds: seconds.value,
      milliseconds: milliseconds)
    let readAs = time.timestamp(separator: ",")
    let quoted = "\(role) '\(written)'"
    func add(_ message: String, _ hint: String) {
      issues.append(Issue(column: begin, message: message, hint: hint))
    }
    let form = "write times as hh:mm:ss,mmm"
    if fields.count == 2 {
      add("\(quoted) has no hours, read as \(readAs)", form)
    } else if hours.digits == 1 {
      add("\(quoted) has 1-digit hours, expected 2", form)
    }
    for (name, field) in [("minutes", minutes), ("seconds", seconds)] {
      if field.digits != 2 {
        add("\(quoted) has \(field.digits)-digit \(name), expected 2", form)
      }
      if field.value > 59 {
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
