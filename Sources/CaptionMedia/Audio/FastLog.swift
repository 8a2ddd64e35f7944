/// Decibel conversion by arithmetic on the float's bits, so a loop over many bins compiles to
/// vector code instead of one `log10f` call a bin.
enum FastLog {
  /// `10 · log10(x)` for positive finite `x`, within 0.001 dB: the exponent from the bits and
  /// a least-squares polynomial for `log2` of the mantissa in [1, 2).
  @inline(__always)
  static func decibels(_ x: Float) -> Float {
    let bits = x.bitPattern
    let exponent = Float(Int32(bitPattern: (bits >> 23) & 0xFF) - 127)
    let t = Float(bitPattern: (bits & 0x007F_FFFF) | 0x3F80_0000) - 1
    var log2Mantissa: Float = -0.079_150_365_8
    log2Mantissa = log2Mantissa * t + 0.312_214_266
    log2Mantissa = log2Mantissa * t - 0.669_515_21
    log2Mantissa = log2Mantissa * t + 1.436_098_08
    log2Mantissa = log2Mantissa * t + 0.000_204_158_914
    return (exponent + log2Mantissa) * 3.010_299_9
  }
}
