extension Array where Element == Cue {
  /// The cues in time order, each one that a later sample repeats (the same identifier,
  /// settings and text, starting within a millisecond of where it ended) joined into one:
  /// timed text in MP4 samples (`wvtt`, `stpp`) repeats a cue in every sample it spans.
  public func joiningSampleRepeats() -> [Cue] {
    var merged: [Cue] = []
    var open: [String: Int] = [:]
    for cue in sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) }) {
      let key = "\(cue.id)\u{0}\(cue.settings)\u{0}\(cue.rawText)"
      if let index = open[key], abs((cue.start - merged[index].end).milliseconds) <= 1 {
        merged[index].end = Swift.max(merged[index].end, cue.end)
        continue
      }
      open[key] = merged.count
      merged.append(cue)
    }
    return merged
  }
}
