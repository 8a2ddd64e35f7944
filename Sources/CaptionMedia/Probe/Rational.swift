/// An exact ratio as FFmpeg keeps time bases and frame rates: `1/1000`, `24000/1001`.
public struct Rational: Sendable, Hashable, CustomStringConvertible {
  public var numerator: Int
  public var denominator: Int

  public init(_ numerator: Int, _ denominator: Int) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// `24000/1001`, the form ffprobe prints.
  public var description: String { "\(numerator)/\(denominator)" }
}
