public import CaptionCore

/// `description.overlaps-dialogue`: a description cue that overlaps a caption cue holding
/// speech, or detected speech, by more than the tolerance (2 frames).
public struct OverlapsDialogueRule: ContextRule {
  public var id: String { "description.overlaps-dialogue" }
  public var defaultSeverity: Severity { .error }
  public var summary: String { "a description cue overlaps dialogue" }
  public var needs: RuleNeeds { .track }

  public init() {}

  public func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings) {
    let descriptions = MediaTracks(tracks).descriptions
    guard !descriptions.isEmpty else { return }
    let dialogue = Dialogue(context: context, tracks: tracks)
    let tolerance = Int64(
      (Double(context.profile.media.descriptionOverlapFrames) * Dialogue.frame(context))
        .rounded())
    for track in descriptions {
      for (offset, cue) in track.track.cues.enumerated() {
        let start = cue.start.milliseconds
        let end = cue.end.milliseconds
        let withCues = dialogue.cues.overlap(start: start, end: end)
        let withSpeech = dialogue.speech.overlap(start: start, end: end)
        let source: String
        let amount: Int64
        if withCues > tolerance {
          let index = dialogue.track.flatMap { Self.firstOverlapping($0, start, end) }
          source = index.map { "cue \($0) of the captions" } ?? "the captions"
          amount = withCues
        } else if withSpeech > tolerance {
          source = "detected speech"
          amount = withSpeech
        } else {
          continue
        }
        findings.add(
          "description cue \(offset + 1) (\(cue.start) to \(cue.end)) overlaps \(source) by "
            + "\(MessageFormat.seconds(amount)); the limit is "
            + "\(context.profile.media.descriptionOverlapFrames) frames",
          in: track, cue: offset + 1,
          hint: "move the description into a pause in the dialogue, shorten it, or mark it "
            + "as extended description")
      }
    }
  }

  /// The 1-based index of a cue of `track` that holds speech and overlaps the times: the
  /// latest starting before `end` among the 64 before it (cues in time order; bounded work).
  static func firstOverlapping(_ track: TrackInput, _ start: Int64, _ end: Int64) -> Int? {
    let cues = track.track.cues
    var low = 0
    var high = cues.count
    while low < high {
      let middle = (low + high) / 2
      if cues[middle].start.milliseconds < end { low = middle + 1 } else { high = middle }
    }
    var index = low - 1
    var found: Int?
    while index >= 0, index >= low - 64 {
      let cue = cues[index]
      if cue.end.milliseconds > start, MediaTracks.isSpeech(cue) { found = index + 1 }
      index -= 1
    }
    return found
  }
}
