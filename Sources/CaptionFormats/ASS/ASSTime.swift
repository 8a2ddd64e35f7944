import CaptionCore

/// The times of ASS events: `H:MM:SS.cc` (hours, minutes, seconds, centiseconds).
enum ASSTime {
  /// How a time field was written.
  enum Reading: Equatable {
    /// `H:MM:SS.cc`, as ASS writes it.
    case written(MediaTime)
    /// Readable, but not in the written form (`0:00:01.5`, `0:0:01,00`, `0:00:01.000`).
    case nearly(MediaTime)
    case unreadable
  }

  /// Reads a time field (spaces around it already removed): hours, minutes and seconds
  /// separated by colons, then `.` or `,` and one to three digits of fraction (two are
  /// centiseconds).
  static func read(_ field: ArraySlice<UInt8>) -> Reading {
    var parts: [ArraySlice<UInt8>] = []
    var start = field.startIndex
    for index in field.indices where field[index] == UInt8(ascii: ":") {
      parts.append(field[start..<index])
      start = index + 1
    }
    parts.append(field[start...])
    guard parts.count == 3 else { return .unreadable }
    let last = parts[2]
    let separator = last.firstIndex { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }
    let seconds = separator.map { last[..<$0] } ?? last
    let fraction = separator.map { last[($0 + 1)...] } ?? []
    guard let hours = number(parts[0], digits: 1...9),
      let minutes = number(parts[1], digits: 1...2), minutes < 60,
      let wholeSeconds = number(seconds, digits: 1...2), wholeSeconds < 60
    else { return .unreadable }
    var milliseconds: Int64 = 0
    if separator != nil {
      guard let value = number(fraction, digits: 1...3) else { return .unreadable }
      milliseconds = value * [100, 10, 1][fraction.count - 1]
    }
    let time = MediaTime(
      hours: hours, minutes: minutes, seconds: wholeSeconds, milliseconds: milliseconds)
    let written =
      parts[1].count == 2 && seconds.count == 2 && fraction.count == 2
      && last[separator ?? last.startIndex] == UInt8(ascii: ".")
    return written ? .written(time) : .nearly(time)
  }

  /// The decimal number of `bytes` when it has a count of digits in `digits` and nothing else.
  private static func number(_ bytes: ArraySlice<UInt8>, digits: ClosedRange<Int>) -> Int64? {
    guard digits.contains(bytes.count) else { return nil }
    var value: Int64 = 0
    for byte in bytes {
      guard byte >= 0x30, byte <= 0x39 else { return nil }
      value = value * 10 + Int64(byte - 0x30)
    }
    return value
  }
}
