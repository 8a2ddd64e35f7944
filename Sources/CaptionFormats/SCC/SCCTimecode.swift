public import CaptionCore

/// An SMPTE timecode of an SCC file, `HH:MM:SS:FF` (non-drop) or `HH:MM:SS;FF` (drop-frame;
/// `.` is read as `;` too), counting frames of 29.97 frames per second.
///
/// Both count the same frames, one pair per frame: the frame number is the time in frames at
/// 30000/1001 frames per second. Drop-frame timecode skips the labels `;00` and `;01` of
/// each minute but every tenth, so it stays on the wall clock; non-drop timecode labels 30
/// frames a second, so it runs 1.001 times slower than the clock (its `01:00:00:00` is
/// 3603.6 seconds in).
public struct SCCTimecode: Sendable, Hashable, CustomStringConvertible {
  public var hours: Int
  public var minutes: Int
  public var seconds: Int
  public var frames: Int
  public var dropFrame: Bool

  public init(hours: Int, minutes: Int, seconds: Int, frames: Int, dropFrame: Bool) {
    self.hours = hours
    self.minutes = minutes
    self.seconds = seconds
    self.frames = frames
    self.dropFrame = dropFrame
  }

  /// Reads `HH:MM:SS:FF`, `HH:MM:SS;FF` or `HH:MM:SS.FF` (one or two digits for the frames);
  /// nil for anything else.
  public init?<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    let text = Array(bytes)
    guard text.count == 10 || text.count == 11, text[2] == UInt8(ascii: ":"),
      text[5] == UInt8(ascii: ":")
    else { return nil }
    let separator = text[8]
    guard
      separator == UInt8(ascii: ":") || separator == UInt8(ascii: ";")
        || separator == UInt8(ascii: ".")
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        let byte = text[index]
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard let hours = number(0..<2), let minutes = number(3..<5), let seconds = number(6..<8),
      let frames = number(9..<text.count)
    else { return nil }
    self.init(
      hours: hours, minutes: minutes, seconds: seconds, frames: frames,
      dropFrame: separator != UInt8(ascii: ":"))
  }

  /// The timecode of frame `number` (from 0), drop-frame or not.
  public init(frameNumber number: Int, dropFrame: Bool) {
    var count = max(0, number)
    if dropFrame {
      // 17982 frames each ten minutes; 1798 each minute after a ten-minute mark's first.
      let tens = count / 17982
      let rest = count % 17982
      count += 18 * tens + (rest > 1 ? 2 * ((rest - 2) / 1798) : 0)
    }
    frames = count % 30
    seconds = count / 30 % 60
    minutes = count / 1800 % 60
    hours = count / 108_000
    self.dropFrame = dropFrame
  }

  /// The frame number the timecode labels.
  public var frameNumber: Int {
    let totalMinutes = hours * 60 + minutes
    var number = ((hours * 60 + minutes) * 60 + seconds) * 30 + frames
    if dropFrame { number -= 2 * (totalMinutes - totalMinutes / 10) }
    return number
  }

  /// True when drop-frame timecode has no such label (`;00` or `;01` at the start of a
  /// minute that is not a tenth), or a field is out of range.
  public var isValid: Bool {
    guard minutes < 60, seconds < 60, frames < 30 else { return false }
    if dropFrame, seconds == 0, frames < 2, minutes % 10 != 0 { return false }
    return true
  }

  /// The time of frame `number` at 30000/1001 frames per second.
  public static func time(ofFrame number: Int) -> MediaTime {
    MediaTime(value: Int64(number) * 1001, timescale: 30000)
  }

  /// The time of the frame the timecode labels.
  public var time: MediaTime { Self.time(ofFrame: frameNumber) }

  /// `HH:MM:SS;FF` or `HH:MM:SS:FF`.
  public var description: String {
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(two(hours)):\(two(minutes)):\(two(seconds))\(dropFrame ? ";" : ":")\(two(frames))"
  }
}
