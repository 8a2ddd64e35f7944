internal import CFFmpeg

/// An exact ratio as FFmpeg keeps time bases and frame rates (`AVRational`), in Swift: the
/// rest of the module reads times and rates through it without FFmpeg's C types.
struct FFmpegRational: Sendable, Hashable {
  var numerator: Int32
  var denominator: Int32

  init(_ numerator: Int32, _ denominator: Int32) {
    self.numerator = numerator
    self.denominator = denominator
  }

  init(_ value: AVRational) {
    self.init(value.num, value.den)
  }

  /// The time base of container-level times, such as a file's start and duration
  /// (`AV_TIME_BASE_Q`, microseconds).
  static let microsecond = FFmpegRational(FFmpegLibrary.timeBaseQ)

  /// One thousandth of a second: the time base of added cues.
  static let millisecond = FFmpegRational(1, 1000)

  /// One NTSC frame (1001/30000 of a second): the time base of added CEA-608 pairs.
  static let ntscFrame = FFmpegRational(1001, 30000)

  /// Whether both terms are positive, so that times in this base can be converted.
  var isUsable: Bool { numerator > 0 && denominator > 0 }

  var avRational: AVRational { AVRational(num: numerator, den: denominator) }
}
