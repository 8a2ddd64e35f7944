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
    return holdsArrow(line, from: index + 1)
  }

  /// True when `line` holds `-->` from byte `start` on. Like the rest of the reader it scans
  /// the bytes borrowed for the parse (`CueSource.withBytes`), keeping no pointer: the
  /// byte-level reading is what made the SRT reader fast (`Docs/performance-log.md`).
  static func holdsArrow(_ line: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Bool {
    var index = start
    while index + 2 < line.count {
      if line[index] == 0x2D, line[index + 1] == 0x2D, line[index + 2] == 0x3E { return true }
      index += 1
    }
    return false
  }

  /// Reads `line` (without its terminator and trailing spaces); nil when it cannot be read.
  /// `index` is the 1-based number of the cue, named in messages. What is read but not
  /// written the SRT way is added to `issues` (kept apart, so that a clean timing holds no
  /// list).
  init?(_ line: UnsafeBufferPointer<UInt8>, cue index: Int, issues: inout [Issue]) {
    self.init(line, cueNumber: index, issues: &issues)
  }

  private init?(_ line: UnsafeBufferPointer<UInt8>, cueNumber: Int, issues: inout [Issue]) {
    var cue: String { "cue \(cueNumber)" }
    let count = line.count
    var index = 0
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
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// The time `hh:mm:ss,mmm` at `index`, written exactly that way (minutes and seconds up to
  /// 59, no digit after it); else nil. The twelve bytes are checked a word at a time.
  @inline(__always)
  private static func cleanTimestamp(_ line: UnsafeBufferPointer<UInt8>, at index: Int)
    -> MediaTime?
  {
    guard line.count - index >= 12, let base = line.baseAddress else { return nil }
    if line.count - index > 12, isDigit(line[index + 12]) { return nil }
    let raw = UnsafeRawPointer(base + index)
    // `hh:mm:ss` (bytes 0 to 7, the first the lowest) and `,mmm` (bytes 8 to 11).
    let clock = raw.loadUnaligned(as: UInt64.self)
    let fraction = UInt64(raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
    let clockDigits: UInt64 = 0xFFFF_00FF_FF00_FFFF
    let fractionDigits: UInt64 = 0xFFFF_FF00
    // The separators, then every digit byte 0x30 to 0x39: high nibble 3, low nibble plus 6
    // below 0x10.
    guard clock & ~clockDigits == 0x0000_3A00_003A_0000, fraction & 0xFF == 0x2C,
      clock & clockDigits & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030 & clockDigits,
      fraction & fractionDigits & 0xF0F0_F0F0 == 0x3030_3030 & fractionDigits,
      ((clock & 0x0F0F_0F0F_0F0F_0F0F) &+ 0x0606_0606_0606_0606) & 0x1010_1010_1010_1010
        & clockDigits == 0,
      ((fraction & 0x0F0F_0F0F) &+ 0x0606_0606) & 0x1010_1010 & fractionDigits == 0
    else { return nil }
    @inline(__always) func digit(_ word: UInt64, _ byte: UInt64) -> Int64 {
      Int64(truncatingIfNeeded: word >> (byte * 8) & 0x0F)
    }
    let m1 = digit(clock, 3)
    let s1 = digit(clock, 6)
    guard m1 <= 5, s1 <= 5 else { return nil }
    let hours = digit(clock, 0) * 10 + digit(clock, 1)
    let minutes = m1 * 10 + digit(clock, 4)
    let seconds = (hours * 60 + minutes) * 60 + s1 * 10 + digit(clock, 7)
    let milliseconds = digit(fraction, 1) * 100 + digit(fraction, 2) * 10 + digit(fraction, 3)
    return MediaTime(milliseconds: seconds * 1000 + milliseconds)
  }

  /// Reads `h:mm:ss,mmm` (and the usual mistakes) at `index`, moving `index` past it. Builds
  /// no string unless something is wrong.
  @inline(__always)
  private static func timestamp(
    _ line: UnsafeBufferPointer<UInt8>, at index: inout Int, role: StaticString, cue: Int,
    issues: inout [Issue]
  ) -> MediaTime? {
    if let time = cleanTimestamp(line, at: index) {
      index += 12
      return time
    }
    return lenientTimestamp(line, at: &index, role: role, cue: cue, issues: &issues)
  }

  /// `timestamp` of a time not written exactly `hh:mm:ss,mmm`, kept out of line so that the
  /// common case does not pay for its set-up.
  @inline(never)
  private static func lenientTimestamp(
    _ line: UnsafeBufferPointer<UInt8>, at index: inout Int, role: StaticString, cue: Int,
    issues: inout [Issue]
  ) -> MediaTime? {
    let count = line.count
    let begin = index
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
      fields == 3 && hourDigits >= 2 && digits.1 == 2 && digits.2 == 2 && minutes <= 59
      && seconds <= 59
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
