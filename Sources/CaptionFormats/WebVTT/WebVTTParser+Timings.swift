import CaptionCore

/// A problem found on a line: where (byte index), what, and how to fix it.
struct LineIssue {
  var index: Int
  var message: String
  var hint: String?
}

/// The result of a timing line the parser accepted.
struct Timings {
  var start: MediaTime
  var end: MediaTime
  /// Where the cue settings start (the rest of the line after the end timestamp).
  var settingsStart: Int
  /// Syntax errors the parser accepted anyway.
  var issues: [LineIssue]
}

/// The spec's "collect WebVTT cue timings and settings" and "collect a WebVTT timestamp",
/// with the exact syntax problem of each failure.
extension WebVTTParser {
  private enum TimingOutcome {
    case accepted(Timings)
    case rejected(LineIssue)
  }

  /// Parses the timings of `line`; nil when the algorithm rejects them.
  func parseTimings(_ line: TextLine) -> Timings? {
    if case .accepted(let timings) = analyzeTimings(line.range) { return timings }
    return nil
  }

  /// Why the algorithm rejects the timings of `line`.
  func timingFailure(_ line: TextLine) -> LineIssue {
    if case .rejected(let issue) = analyzeTimings(line.range) { return issue }
    return LineIssue(index: line.range.lowerBound, message: "invalid cue timing line")
  }

  private func analyzeTimings(_ range: Range<Int>) -> TimingOutcome {
    if let timings = commonTimings(range) { return .accepted(timings) }
    let end = range.upperBound
    var position = range.lowerBound
    var issues: [LineIssue] = []
    var reportedWhitespace = false

    /// Skips ASCII whitespace; returns how many bytes were skipped.
    func skipWhitespace() -> Int {
      let start = position
      while position < end, isASCIIWhitespace(bytes[position]) {
        if !reportedWhitespace, bytes[position] != 0x20, bytes[position] != 0x09 {
          reportedWhitespace = true
          issues.append(
            LineIssue(
              index: position,
              message: "\(describe(byte: bytes[position])) in the cue timing line",
              hint: "separate timestamps and settings with spaces or tabs only"))
        }
        position += 1
      }
      return position - start
    }

    if skipWhitespace() > 0 {
      issues.append(
        LineIssue(
          index: range.lowerBound, message: "cue timing line starts with whitespace",
          hint: "start the line with the start timestamp"))
    }
    let startIndex = position
    guard let start = collectTimestamp(&position, end: end) else {
      return .rejected(timestampFailure(at: startIndex, end: end, isStart: true))
    }
    if let issue = hoursIssue(startIndex..<position) { issues.append(issue) }
    let afterStart = position
    if skipWhitespace() == 0, position < end, bytes[position] == 0x2D {
      issues.append(
        LineIssue(
          index: position, message: "missing space before \"-->\"",
          hint: "write the timings as 00:00:01.000 --> 00:00:02.000"))
    }
    guard position + 2 < end, bytes[position] == 0x2D, bytes[position + 1] == 0x2D,
      bytes[position + 2] == 0x3E
    else {
      let shown = quote(token(at: position, end: end))
      return .rejected(
        LineIssue(
          index: position,
          message:
            "expected \"-->\" after timestamp \(quote(startIndex..<afterStart)), found \(shown)",
          hint: "write the timings as 00:00:01.000 --> 00:00:02.000"))
    }
    position += 3
    if skipWhitespace() == 0, position < end {
      issues.append(
        LineIssue(
          index: position, message: "missing space after \"-->\"",
          hint: "write the timings as 00:00:01.000 --> 00:00:02.000"))
    }
    let endIndex = position
    guard let endTime = collectTimestamp(&position, end: end) else {
      return .rejected(timestampFailure(at: endIndex, end: end, isStart: false))
    }
    if let issue = hoursIssue(endIndex..<position) { issues.append(issue) }
    if position < end, !isASCIIWhitespace(bytes[position]) {
      issues.append(
        LineIssue(
          index: position,
          message: "missing space between the end timestamp and the cue settings",
          hint: "separate the settings from the timestamp with a space"))
    }
    return .accepted(
      Timings(start: start, end: endTime, settingsStart: position, issues: issues))
  }

  /// The timings of the common line `hh:mm:ss.ttt --> hh:mm:ss.ttt` (two to nine digits of
  /// hours), followed by nothing or white space, read without the general algorithm (which
  /// gives the same result); nil for any other line.
  private func commonTimings(_ range: Range<Int>) -> Timings? {
    guard range.count >= 29 else { return nil }
    let end = range.upperBound
    return bytes.withUnsafeBufferPointer { buffer -> Timings? in
      @inline(__always) func digit(_ index: Int) -> Int64? {
        let value = buffer[index] &- 0x30
        return value < 10 ? Int64(value) : nil
      }
      /// `h+:mm:ss.ttt` at `base`: its milliseconds and the index after it.
      @inline(__always) func timestamp(at base: Int) -> (milliseconds: Int64, next: Int)? {
        var index = base
        var hours: Int64 = 0
        while index < end, index - base < 9, let value = digit(index) {
          hours = hours * 10 + value
          index += 1
        }
        guard index - base >= 2, index + 10 <= end, buffer[index] == 0x3A,
          buffer[index + 3] == 0x3A, buffer[index + 6] == 0x2E,
          let m1 = digit(index + 1), m1 < 6, let m2 = digit(index + 2),
          let s1 = digit(index + 4), s1 < 6, let s2 = digit(index + 5),
          let f1 = digit(index + 7), let f2 = digit(index + 8), let f3 = digit(index + 9)
        else { return nil }
        let milliseconds =
          hours * 3_600_000 + (m1 * 10 + m2) * 60_000 + (s1 * 10 + s2) * 1000 + f1 * 100
          + f2 * 10 + f3
        return (milliseconds, index + 10)
      }
      guard let first = timestamp(at: range.lowerBound), first.next + 5 <= end,
        buffer[first.next] == 0x20, buffer[first.next + 1] == 0x2D,
        buffer[first.next + 2] == 0x2D, buffer[first.next + 3] == 0x3E,
        buffer[first.next + 4] == 0x20, let second = timestamp(at: first.next + 5),
        second.next == end || isASCIIWhitespace(buffer[second.next])
      else { return nil }
      return Timings(
        start: MediaTime(milliseconds: first.milliseconds),
        end: MediaTime(milliseconds: second.milliseconds), settingsStart: second.next,
        issues: [])
    }
  }

  /// The spec's "collect a WebVTT timestamp" from `position`; nil on failure.
  func collectTimestamp(_ position: inout Int, end: Int) -> MediaTime? {
    var index = position
    func digits() -> (count: Int, value: Int64) {
      var count = 0
      var value: Int64 = 0
      while index < end, isASCIIDigit(bytes[index]) {
        let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = times.addingReportingOverflow(Int64(bytes[index] - 0x30))
        value = overflow1 || overflow2 ? Int64.max : sum
        count += 1
        index += 1
      }
      return (count, value)
    }
    guard index < end, isASCIIDigit(bytes[index]) else { return nil }
    let first = digits()
    var value1 = first.value
    let hoursFirst = first.count != 2 || value1 > 59
    guard index < end, bytes[index] == 0x3A else { return nil }
    index += 1
    let second = digits()
    guard second.count == 2 else { return nil }
    var value2 = second.value
    var value3: Int64
    if hoursFirst || (index < end && bytes[index] == 0x3A) {
      guard index < end, bytes[index] == 0x3A else { return nil }
      index += 1
      let third = digits()
      guard third.count == 2 else { return nil }
      value3 = third.value
    } else {
      value3 = value2
      value2 = value1
      value1 = 0
    }
    guard index < end, bytes[index] == 0x2E else { return nil }
    index += 1
    let fraction = digits()
    guard fraction.count == 3 else { return nil }
    guard value2 <= 59, value3 <= 59 else { return nil }
    position = index
    let (hoursMs, overflow) = value1.multipliedReportingOverflow(by: 3_600_000)
    let rest = value2 * 60_000 + value3 * 1000 + fraction.value
    let total = overflow ? Int64.max : hoursMs.addingReportingOverflow(rest).partialValue
    return MediaTime(milliseconds: total < 0 ? Int64.max : total)
  }

  /// A timestamp the algorithm accepts with one-digit hours, which the syntax forbids.
  private func hoursIssue(_ range: Range<Int>) -> LineIssue? {
    var colons = 0
    var firstGroup = 0
    for index in range {
      if bytes[index] == 0x3A {
        colons += 1
      } else if colons == 0 {
        firstGroup += 1
      }
    }
    guard colons == 2, firstGroup < 2 else { return nil }
    return LineIssue(
      index: range.lowerBound,
      message: "timestamp \(quote(range)) has 1-digit hours; expected at least 2",
      hint: "write hours with two digits, such as 01:02:03.000")
  }

  /// The bytes from `start` up to whitespace or "-->".
  private func token(at start: Int, end: Int) -> Range<Int> {
    var index = start
    while index < end, !isASCIIWhitespace(bytes[index]) {
      if index > start, bytes[index] == 0x2D, index + 2 < end, bytes[index + 1] == 0x2D,
        bytes[index + 2] == 0x3E
      {
        break
      }
      index += 1
    }
    return start..<index
  }

  /// The exact syntax problem of a timestamp the algorithm rejected.
  private func timestampFailure(at start: Int, end: Int, isStart: Bool) -> LineIssue {
    let hint = "write timestamps as hh:mm:ss.ttt or mm:ss.ttt, such as 00:01:02.500"
    var range = token(at: start, end: end)
    if range.isEmpty || equals(range, "-->") {
      range = start..<start
      return LineIssue(
        index: start,
        message: isStart ? "missing start timestamp before \"-->\"" : "missing end timestamp",
        hint: hint)
    }
    if !isASCIIDigit(bytes[start]), bytes[start] != 0x3A, bytes[start] != 0x2E {
      return LineIssue(
        index: start, message: "expected a timestamp, found \(describe(byte: bytes[start]))",
        hint: hint)
    }
    let shown = quote(range)
    func issue(_ problem: String) -> LineIssue {
      LineIssue(index: start, message: "timestamp \(shown) \(problem)", hint: hint)
    }
    // Split into digit groups separated by ":", then an optional "." and fraction.
    var groups: [(count: Int, value: Int)] = []
    var fraction: Int?
    var index = range.lowerBound
    var malformed = false
    while true {
      var count = 0
      var value = 0
      while index < range.upperBound, isASCIIDigit(bytes[index]) {
        if count < 6 { value = value * 10 + Int(bytes[index] - 0x30) }
        count += 1
        index += 1
      }
      groups.append((count, value))
      if index < range.upperBound, bytes[index] == 0x3A {
        index += 1
        continue
      }
      break
    }
    if index < range.upperBound, bytes[index] == 0x2E {
      index += 1
      var count = 0
      while index < range.upperBound, isASCIIDigit(bytes[index]) {
        count += 1
        index += 1
      }
      fraction = count
    }
    if index < range.upperBound { malformed = true }
    if malformed || groups.count < 2 || groups.count > 3
      || groups.contains(where: { $0.count == 0 })
    {
      if groups.count == 1, groups[0].count > 0, fraction != nil, !malformed {
        return issue("has no minutes; expected mm:ss.ttt")
      }
      return issue("is not of the form [hh:]mm:ss.ttt")
    }
    let minutes = groups[groups.count - 2]
    let seconds = groups[groups.count - 1]
    if minutes.count != 2 { return issue("has \(minutes.count)-digit minutes; expected 2") }
    if seconds.count != 2 { return issue("has \(seconds.count)-digit seconds; expected 2") }
    guard let fraction else { return issue("has no milliseconds; expected .ttt after the seconds") }
    if fraction == 0 { return issue("has no digits after \".\"; expected 3") }
    if fraction != 3 { return issue("has \(fraction)-digit milliseconds; expected 3") }
    if minutes.value > 59 || seconds.value > 59 { return issue("has minutes or seconds over 59") }
    return issue("is not of the form [hh:]mm:ss.ttt")
  }
}
