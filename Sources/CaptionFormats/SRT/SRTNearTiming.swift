import CaptionCore

/// A line that is nearly an SRT timing line: two timestamps with an arrow between them and
/// nothing else, with exactly one kind of fault that `SRTTiming` does not read:
///
/// - the arrow is a variant (`->`, `-- >`, `—>`, `==>`, `→`, ...);
/// - a timestamp has a wrong separator (`00:00:05;000`, `00.00.05,000`);
/// - a field has one digit too many or too few (`00:00:5,000`, `00:00:05,0000`);
/// - the hours are missing (`00:05,000`);
/// - the milliseconds are missing (`00:00:05`).
///
/// The same fault in both timestamps counts once. Such a line is a timing line that must be
/// reported, not text; its times are read when the fault leaves one reading only (a digit
/// too many or too few may not: `,50` is 50 or 500 ms). Lines with more than one kind of
/// fault, or with anything else on them, are not timing lines: dialogue such as "5 -> 6" or
/// "42" stays text.
struct SRTNearTiming {
  /// What is wrong, in words: `'->' instead of '-->'`.
  var fault: String
  /// Byte offset in the line of the first place the fault shows.
  var column: Int
  /// The times the line means; nil when the fault leaves more than one reading.
  var times: (start: MediaTime, end: MediaTime)?

  /// The kinds of fault, counted once each.
  private enum Kind: Hashable {
    case arrow, separator, digits, hours, milliseconds
  }

  /// One timestamp as written: its digit groups and the separators between them.
  private struct Stamp {
    var groups: [(value: Int64, digits: [UInt8])] = []
    var separators: [UInt8] = []
    var start = 0
    var end = 0
  }

  /// Reads `line` (without its terminator); nil when it is not nearly a timing line.
  init?(_ line: UnsafeBufferPointer<UInt8>) {
    let count = line.count
    var index = 0
    func skipSpaces() {
      while index < count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    }
    skipSpaces()
    // Cheap refusals first: most lines are dialogue or counters, without a digit first or
    // without `>` or `→`.
    guard count - index >= 12, SRTTiming.isDigit(line[index]),
      line.contains(where: { $0 == 0x3E || $0 == 0xE2 })
    else { return nil }
    guard let first = SRTNearTiming.stamp(line, at: &index) else { return nil }
    skipSpaces()
    let arrowStart = index
    while index < count, !SRTTiming.isDigit(line[index]) { index += 1 }
    var arrowEnd = index
    while arrowEnd > arrowStart, line[arrowEnd - 1] == 0x20 || line[arrowEnd - 1] == 0x09 {
      arrowEnd -= 1
    }
    let arrow = Array(line[arrowStart..<arrowEnd])
    guard SRTNearTiming.isArrow(arrow), index < count else { return nil }
    guard let second = SRTNearTiming.stamp(line, at: &index) else { return nil }
    skipSpaces()
    guard index == count else { return nil }

    var faults: [(kind: Kind, column: Int, text: String)] = []
    if arrow != Array("-->".utf8) {
      faults.append((.arrow, arrowStart, "'\(String(decoding: arrow, as: UTF8.self))' for '-->'"))
    }
    var readings: [[MediaTime]] = []
    for (role, stamp) in [("start", first), ("end", second)] {
      guard let read = SRTNearTiming.read(stamp, role: role, line: line, faults: &faults) else {
        return nil
      }
      readings.append(read)
    }
    let kinds = Set(faults.map(\.kind))
    guard kinds.count == 1, let fault = faults.first else { return nil }
    self.fault = fault.text
    column = fault.column
    if readings[0].count == 1, readings[1].count == 1 {
      times = (readings[0][0], readings[1][0])
    } else {
      times = nil
    }
  }

  /// True for an arrow other than `-->` that still reads as one: dashes, equals signs and
  /// spaces ending in `>`, or `→`.
  private static func isArrow(_ arrow: [UInt8]) -> Bool {
    if arrow == [0xE2, 0x86, 0x92] { return true }  // →
    guard arrow.last == 0x3E, arrow.count >= 2 else { return false }
    var index = 0
    var strokes = 0
    while index < arrow.count - 1 {
      switch arrow[index] {
      case 0x2D, 0x3D: strokes += 1
      case 0x20: break
      case 0xE2
      where index + 2 < arrow.count && arrow[index + 1] == 0x80
        && (arrow[index + 2] == 0x93 || arrow[index + 2] == 0x94):  // – —
        strokes += 1
        index += 2
      default: return false
      }
      index += 1
    }
    return strokes >= 1 && strokes <= 3
  }

  /// Digit groups separated by one of `:` `;` `.` `,` at `index`: 3 or 4 groups.
  private static func stamp(_ line: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Stamp? {
    var stamp = Stamp()
    stamp.start = index
    let count = line.count
    while true {
      var digits: [UInt8] = []
      while index < count, SRTTiming.isDigit(line[index]) {
        digits.append(line[index])
        index += 1
      }
      guard !digits.isEmpty, digits.count <= 4 else { return nil }
      stamp.groups.append((digits.reduce(0) { $0 * 10 + Int64($1 - 0x30) }, digits))
      guard index + 1 < count, [0x3A, 0x3B, 0x2E, 0x2C].contains(line[index]),
        SRTTiming.isDigit(line[index + 1])
      else { break }
      stamp.separators.append(line[index])
      index += 1
    }
    stamp.end = index
    return (3...4).contains(stamp.groups.count) ? stamp : nil
  }

  /// The readings of `stamp` (one when it is clear, none or two when not); nil when it is
  /// not a timestamp at all. Its faults are added to `faults`.
  private static func read(
    _ stamp: Stamp, role: String, line: UnsafeBufferPointer<UInt8>,
    faults: inout [(kind: Kind, column: Int, text: String)]
  ) -> [MediaTime]? {
    let written = String(
      decoding: UnsafeBufferPointer(rebasing: line[stamp.start..<stamp.end]), as: UTF8.self)
    func add(_ kind: Kind, _ what: String) {
      faults.append((kind, stamp.start, "the \(role) time '\(written)' \(what)"))
    }
    let groups = stamp.groups
    let separators = stamp.separators
    // Which groups are hours, minutes, seconds and milliseconds.
    var hours: (value: Int64, digits: [UInt8])?
    var clock: [(value: Int64, digits: [UInt8])]
    var fraction: [UInt8]?
    var clockSeparators: [UInt8]
    var fractionSeparator: UInt8?
    if groups.count == 4 {
      hours = groups[0]
      clock = [groups[1], groups[2]]
      fraction = groups[3].digits
      clockSeparators = [separators[0], separators[1]]
      fractionSeparator = separators[2]
    } else if separators[1] == 0x2C || (separators[1] != 0x3A && groups[2].digits.count == 3) {
      // `mm:ss,mmm`: no hours.
      clock = [groups[0], groups[1]]
      fraction = groups[2].digits
      clockSeparators = [separators[0]]
      fractionSeparator = separators[1]
      add(.hours, "has no hours")
    } else {
      // `hh:mm:ss`: no milliseconds.
      hours = groups[0]
      clock = [groups[1], groups[2]]
      clockSeparators = separators
      add(.milliseconds, "has no milliseconds")
    }
    for separator in clockSeparators where separator != 0x3A {
      add(.separator, "has '\(Character(Unicode.Scalar(separator)))' where ':' belongs")
      break
    }
    if let fractionSeparator, fractionSeparator != 0x2C {
      add(
        .separator,
        "has '\(Character(Unicode.Scalar(fractionSeparator)))' before the milliseconds, not ','")
    }
    var clear = true
    if let hours, hours.digits.count == 1 {
      add(.digits, "has 1-digit hours")
    }
    var values: [Int64] = []
    for field in clock {
      switch field.digits.count {
      case 2: values.append(field.value)
      case 1:
        add(.digits, "has a 1-digit field where 2 belong")
        values.append(field.value)
      case 3:
        add(.digits, "has a 3-digit field where 2 belong")
        if field.digits[0] != 0x30 { clear = false }
        values.append(field.value)
      default: return nil
      }
    }
    guard values.allSatisfy({ $0 <= 59 }) || !clear else { return nil }
    var milliseconds: [Int64] = [0]
    if let fraction {
      let integer = fraction.reduce(Int64(0)) { $0 * 10 + Int64($1 - 0x30) }
      switch fraction.count {
      case 3: milliseconds = [integer]
      case 2, 4:
        add(.digits, "has \(fraction.count)-digit milliseconds")
        // As a decimal fraction (`,50` is half a second) and as a count (`,50` is 50 ms):
        // clear only when the two agree or one of them cannot be.
        var readings = Set<Int64>()
        if fraction.count == 2 { readings.insert(integer * 10) }
        if fraction.count == 4, fraction[3] == 0x30 { readings.insert(integer / 10) }
        if integer < 1000 { readings.insert(integer) }
        milliseconds = readings.sorted()
      default: return nil
      }
    }
    guard clear, milliseconds.count == 1, values.allSatisfy({ $0 <= 59 }) else { return [] }
    let time = MediaTime(
      hours: hours?.value ?? 0, minutes: values[0], seconds: values[1],
      milliseconds: milliseconds[0])
    return [time]
  }
}
