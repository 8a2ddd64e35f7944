import CaptionKit

/// Writes `MediaInfo` for people: one line for the file, one per stream, one per chapter.
///
/// ```
/// movie.mp4: mov,mp4,m4a,3gp,3g2,mj2, duration 00:00:03.000, start 00:00:00.000, 289 kb/s
///   stream 0: video, h264, 160x90, 10 fps, time base 1/10240 [default]
///   stream 2: subtitle, mov_text (text), en, "English SDH" [default, hearing_impaired]
///   chapter 1: 00:00:00.000 --> 00:00:01.500 "Opening"
/// ```
enum MediaInfoTextWriter {
  /// With `damage` (what a read of the file's data found), one `damage:` line per problem
  /// follows the chapters, or `damage: none found`.
  static func write(
    _ info: MediaInfo, damage: MediaDamageReport? = nil,
    closedCaptions: [ClosedCaptionTracks.StreamSummary] = []
  ) -> [UInt8] {
    var text = "\(info.path): \(info.format)"
    text += ", duration " + (info.duration.map { $0.description } ?? "unknown")
    if let programme = info.programmeDuration, programme != info.duration {
      text += " (picture and sound \(programme))"
    }
    if let start = info.startTime { text += ", start \(start)" }
    if let bitRate = info.bitRate { text += ", \(bitRate / 1000) kb/s" }
    if let title = info.title { text += ", \"\(title)\"" }
    text += "\n"
    for stream in info.streams {
      text +=
        "  stream \(stream.index): \(stream.kind.rawValue), \(stream.codec ?? "unknown codec")"
      if stream.kind == .subtitle, stream.codec != nil {
        text += stream.isTextBased ? " (text)" : " (bitmap)"
      }
      if let width = stream.width, let height = stream.height { text += ", \(width)x\(height)" }
      if let rate = stream.frameRate { text += ", \(frameRate(rate)) fps" }
      if let rate = stream.sampleRate { text += ", \(rate) Hz" }
      if let channels = stream.channels {
        text += channels == 1 ? ", 1 channel" : ", \(channels) channels"
      }
      text += ", " + (stream.language?.rawValue ?? "language undetermined")
      if let title = stream.title { text += ", \"\(title)\"" }
      if let duration = stream.duration { text += ", duration \(duration)" }
      text += ", time base \(stream.timeBase)"
      if !stream.disposition.isEmpty {
        text += " [" + stream.disposition.map(\.rawValue).joined(separator: ", ") + "]"
      }
      text += "\n"
    }
    for (number, chapter) in info.chapters.enumerated() {
      text += "  chapter \(number + 1): \(chapter.start) --> \(chapter.end)"
      if let title = chapter.title { text += " \"\(title)\"" }
      text += "\n"
    }
    text += closedCaptionLines(closedCaptions)
    if let damage {
      if damage.isEmpty { text += "  damage: none found\n" }
      for item in damage.items {
        text += "  damage: \(MediaDamageFindings.describe(item))\n"
      }
      if damage.omitted > 0 { text += "  damage: \(damage.omitted) more not listed\n" }
    }
    return Array(text.utf8)
  }

  /// One line per 608 channel (`stream 0 CC1: captions, field 1, A/53 in h264, 12 cues,
  /// pop-on, en`), per stream with 708 services, and per XDS programme fact.
  static func closedCaptionLines(_ streams: [ClosedCaptionTracks.StreamSummary]) -> String {
    var text = ""
    for stream in streams {
      for channel in stream.channels {
        text +=
          "  stream \(stream.stream) \(channel.channel): captions, field \(channel.channel.field), "
          + "\(stream.carriage), \(channel.cueCount == 1 ? "1 cue" : "\(channel.cueCount) cues")"
        if !channel.modes.isEmpty {
          text += ", " + channel.modes.map(\.rawValue).joined(separator: "+")
        }
        text += ", " + (channel.language?.rawValue ?? "language undetermined") + "\n"
      }
      text += TextReportWriter.closedCaptionFacts(stream)
    }
    return text
  }

  /// `25`, `29.97`, `23.976`: up to three decimals, trailing zeros dropped.
  private static func frameRate(_ rate: Rational) -> String {
    guard rate.denominator != 0 else { return rate.description }
    let thousandths = (rate.numerator * 1000 + rate.denominator / 2) / rate.denominator
    var text = "\(thousandths / 1000)"
    var fraction = thousandths % 1000
    if fraction != 0 {
      var digits = String(fraction)
      while digits.count < 3 { digits = "0" + digits }
      while digits.hasSuffix("0") {
        digits.removeLast()
        fraction /= 10
      }
      text += "." + digits
    }
    return text
  }
}
