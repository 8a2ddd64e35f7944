import Glibc

/// Monotonic time in nanoseconds.
public enum Stopwatch {
  public static func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  /// Milliseconds between two readings of `now()`.
  public static func milliseconds(from start: UInt64, to end: UInt64) -> Double {
    Double(end &- start) / 1_000_000
  }
}
