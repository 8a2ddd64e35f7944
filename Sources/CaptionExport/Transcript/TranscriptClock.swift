public import CaptionCore

/// How transcripts show times: a clock for people (`1:23`, `1:02:03`) and decimal seconds
/// for media fragments (`83.2`).
public enum TranscriptClock {
  /// `m:ss`, or `h:mm:ss` from one hour; whole seconds, rounded down; negative times as 0:00.
  public static func display(_ time: MediaTime) -> String {
    let total = max(0, time.milliseconds) / 1000
    let seconds = total % 60
    let minutes = total / 60 % 60
    let hours = total / 3600
    let ss = seconds < 10 ? "0\(seconds)" : "\(seconds)"
    if hours > 0 {
      let mm = minutes < 10 ? "0\(minutes)" : "\(minutes)"
      return "\(hours):\(mm):\(ss)"
    }
    return "\(minutes):\(ss)"
  }

  /// Seconds for a media fragment (`#t=83.2`): up to three decimals, trailing zeros dropped;
  /// negative times as 0.
  public static func fragmentSeconds(_ time: MediaTime) -> String {
    let ms = max(0, time.milliseconds)
    var text = "\(ms / 1000)"
    var fraction = ms % 1000
    if fraction > 0 {
      var digits = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
      while digits.hasSuffix("0") {
        digits.removeLast()
        fraction /= 10
      }
      text += "." + digits
    }
    return text
  }
}
