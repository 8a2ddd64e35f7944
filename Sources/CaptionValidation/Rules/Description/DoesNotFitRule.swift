public import CaptionCore

/// `description.does-not-fit`: a description whose estimated speaking time is longer than
/// the pause it is in: from its start to the next dialogue (or its own end when no dialogue
/// follows).
///
/// The speaking rate is an assumption, configurable per locale
/// (`descriptionWordsPerMinute`): 160 words a minute by default; for ko, ja and zh the
/// number counts characters (syllables) a minute.
public struct DoesNotFitRule: ContextRule {
  public var id: String { "description.does-not-fit" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "a description takes longer to speak than its pause" }
  public var needs: RuleNeeds { [.track, .cueText] }

  public init() {}

  public func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings) {
    let descriptions = MediaTracks(tracks).descriptions
    guard !descriptions.isEmpty else { return }
    let dialogue = Dialogue(context: context, tracks: tracks).all
    for track in descriptions {
      for (offset, cue) in track.track.cues.enumerated() {
        let start = cue.start.milliseconds
        let available = Self.pause(at: start, end: cue.end.milliseconds, dialogue: dialogue)
        let needed = Dialogue.speakingTime(cue.text.visibleText, limits: track.limits)
        guard needed > available else { continue }
        let rate = track.limits.descriptionWordsPerMinute
        let unit = track.limits.counting == .cjk ? "characters" : "words"
        findings.add(
          "description cue \(offset + 1) takes about \(MessageFormat.seconds(needed)) to speak "
            + "at \(rate) \(unit) a minute, but its pause lasts \(MessageFormat.seconds(available))",
          in: track, cue: offset + 1,
          hint: "shorten the description, or move it to a longer pause")
      }
    }
  }

  /// The time from `start` to the next dialogue at or after it; to `end` when no dialogue
  /// follows; zero when dialogue is going on at `start`.
  static func pause(at start: Int64, end: Int64, dialogue: Timeline) -> Int64 {
    guard let next = dialogue.nextStart(after: start) else { return max(0, end - start) }
    return next - start
  }
}
