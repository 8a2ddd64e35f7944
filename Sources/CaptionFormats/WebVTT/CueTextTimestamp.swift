public import CaptionCore

/// WebVTT's "collect a WebVTT timestamp" over UTF-8 bytes: `[hh:]mm:ss.ttt`, hours of any
/// length.
enum CueTextTimestamp {
  /// Parses a whole timestamp tag value; nil when it is not exactly one timestamp.
  static func parse(_ buffer: UnsafeBufferPointer<UInt8>) -> MediaTime? {
    var position = 0
    guard let time = collect(buffer, position: &position), position == buffer.count else {
      return nil
    }
    return time
  }

  /// Collects a timestamp at `position`, moving it past what was read; nil on error.
  static func collect(_ input: UnsafeBufferPointer<UInt8>, position: inout Int) -> MediaTime? {
    func digits(_ position: inout Int) -> (value: Int64, count: Int)? {
      var value: Int64 = 0
      let start = position
      while position < input.count, input[position] >= 0x30, input[position] <= 0x39 {
        // More digits than any time we can hold: fail rather than overflow.
        guard position - start < 12 else { return nil }
        value = value * 10 + Int64(input[position] - 0x30)
        position += 1
      }
      return (value, position - start)
    }
    func take(_ byte: UInt8, _ position: inout Int) -> Bool {
      guard position < input.count, input[position] == byte else { return false }
      position += 1
      return true
    }
    guard position < input.count, input[position] >= 0x30, input[position] <= 0x39,
      let first = digits(&position)
    else { return nil }
    let hoursFirst = first.count != 2 || first.value > 59
    guard take(UInt8(ascii: ":"), &position), let second = digits(&position), second.count == 2
    else { return nil }
    var hours: Int64 = 0
    var minutes = first.value
    var seconds = second.value
    if hoursFirst || (position < input.count && input[position] == UInt8(ascii: ":")) {
      guard take(UInt8(ascii: ":"), &position), let third = digits(&position), third.count == 2
      else { return nil }
      hours = first.value
      minutes = second.value
      seconds = third.value
    }
    guard take(UInt8(ascii: "."), &position), let fraction = digits(&position),
      fraction.count == 3
    else { return nil }
    guard minutes <= 59, seconds <= 59 else { return nil }
    return MediaTime(hours: hours, minutes: minutes, seconds: seconds, milliseconds: fraction.value)
  }
}

extension WebVTTReader {
  /// A WebVTT timestamp (`[hh:]mm:ss.ttt`) alone, as in an HLS segment's `X-TIMESTAMP-MAP`;
  /// nil when `text` is not exactly one.
  public static func timestamp(_ text: String) -> MediaTime? {
    Array(text.utf8).withUnsafeBufferPointer { CueTextTimestamp.parse($0) }
  }
}
