public import CaptionCore

/// `description.needs-extended`: a description that fits no pause in the dialogue within
/// 10 seconds of its cue, so the video must pause for it (extended description).
public struct NeedsExtendedRule: ContextRule {
  public var id: String { "description.needs-extended" }
  public var defaultSeverity: Severity { .remark }
  public var summary: String { "no pause near a description is long enough: extended description" }
  public var needs: RuleNeeds { [.track, .cueText] }

  /// How far from the cue a long enough pause is looked for, in milliseconds.
  public static let search: Int64 = 10_000

  public init() {}

  public func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings) {
    let descriptions = MediaTracks(tracks).descriptions
    guard !descriptions.isEmpty else { return }
    let dialogue = Dialogue(context: context, tracks: tracks).all
    let mediaEnd = context.media?.duration?.milliseconds
    for track in descriptions {
      for (offset, cue) in track.track.cues.enumerated() {
        let needed = Dialogue.speakingTime(cue.text.visibleText, limits: track.limits)
        let start = cue.start.milliseconds
        guard needed > 0,
          DoesNotFitRule.pause(at: start, end: cue.end.milliseconds, dialogue: dialogue) < needed,
          Self.longestPause(
            from: start - Self.search, to: cue.end.milliseconds + Self.search,
            dialogue: dialogue, mediaEnd: mediaEnd) < needed
        else { continue }
        findings.add(
          "description cue \(offset + 1) needs about \(MessageFormat.seconds(needed)) but no "
            + "pause within \(MessageFormat.seconds(Self.search)) of it is that long",
          in: track, cue: offset + 1,
          hint: "mark the description as extended (the player pauses the video), or shorten it")
      }
    }
  }

  /// The longest stretch without dialogue inside `[from, to)`.
  static func longestPause(from: Int64, to: Int64, dialogue: Timeline, mediaEnd: Int64?)
    -> Int64
  {
    let from = max(0, from)
    let to = mediaEnd.map { min($0, to) } ?? to
    var longest: Int64 = 0
    var position = from
    var index = dialogue.firstIndex(endingAfter: from)
    while index < dialogue.ranges.count, dialogue.ranges[index].start < to {
      longest = max(longest, dialogue.ranges[index].start - position)
      position = max(position, dialogue.ranges[index].end)
      index += 1
    }
    return max(longest, to - position)
  }
}
