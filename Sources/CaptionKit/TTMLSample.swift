import CaptionCore
import CaptionFormats

/// The TTML document of one `stpp` sample (ISO/IEC 14496-30), in a DASH segment or an MP4
/// file: its times are on the track's timeline (5.3), not the sample's, and a cue shows only
/// while its sample does, so each cue is cut to the sample. A cue wholly outside it is a
/// finding: no player shows it (times written from the sample's start are the common
/// mistake).
enum TTMLSample {
  /// How far a cue may reach outside its sample before it counts as outside.
  static let tolerance = MediaTime(milliseconds: 15)

  /// The cues of `document`, a sample from `start` to `end` on the track's timeline, made
  /// relative to `offset` (the presentation's start on that timeline) and cut to the sample;
  /// the reader's findings, each placed at the sample; and, when cues lie outside the sample,
  /// what to say about them.
  static func read(
    _ document: [UInt8], from start: MediaTime, to end: MediaTime, offset: MediaTime,
    encoding: TextEncoding?, path: String?
  ) -> (cues: [Cue], checked: [Diagnostic], outside: String?) {
    let start = start - offset
    let end = end - offset
    let place = "sample at \(start.timestamp())"
    let decoded = TextDecoding.decode(document, encoding: encoding, file: path)
    let read = TTMLReader.read(decoded, path: path)
    var checked: [Diagnostic] = []
    for var diagnostic in decoded.diagnostics + read.diagnostics {
      let line = diagnostic.location.map { ", line \($0.line)" } ?? ""
      diagnostic.message = "\(place)\(line): \(diagnostic.message)"
      diagnostic.location = nil
      checked.append(diagnostic)
    }
    var cues: [Cue] = []
    var outside = 0
    var relative = 0
    for var cue in read.track.cues {
      // Times counted from the sample's start would be these.
      let shifted = (cue.start + start, cue.end + start)
      cue.start = cue.start - offset
      cue.end = cue.end - offset
      if cue.end <= start + tolerance || cue.start >= end - tolerance {
        outside += 1
        if shifted.0 >= start - tolerance, shifted.1 <= end + tolerance { relative += 1 }
        continue
      }
      cue.start = max(cue.start, start).converted(to: 1000)
      cue.end = min(cue.end, end).converted(to: 1000)
      cue.location = nil
      cues.append(cue)
    }
    guard outside > 0 else { return (cues, checked, nil) }
    let message =
      "\(place) (to \(end.timestamp())): \(outside) of its TTML cues lie outside the "
      + "sample's time, so no player shows them"
      + (relative == outside
        ? "; their times look counted from the sample's start, but TTML times in MP4 "
          + "are on the track's timeline (ISO/IEC 14496-30, 5.3)" : "")
    return (cues, checked, message)
  }
}
