public import CaptionCore

/// What the `cea608.*` rules share: which cue a moment of a 608 track belongs to, and a
/// decoder message without the channel its finding names already.
enum CEA608Cues {
  /// The 1-based number of the cue shown at `time`, else of the first one shown after it,
  /// else of the last cue; nil when the track has none.
  static func cue(at time: MediaTime, in cues: [Cue]) -> Int? {
    guard !cues.isEmpty else { return nil }
    if let index = cues.firstIndex(where: { $0.end > time }) { return index + 1 }
    return cues.count
  }

  /// `message` without its leading `CC1 `.
  static func withoutChannel(_ message: String, _ channel: CEA608Channel) -> String {
    let prefix = channel.description + " "
    return message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
  }
}
