public import CaptionCore

/// `cea608.past-end`: a CEA-608 caption still displayed when the programme ends: the caption
/// data ends with a caption on screen (never erased), or a caption stays on past the end of
/// the media.
public struct CEA608PastEndRule: ContextRule {
  public var id: String { "cea608.past-end" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "a 608 caption is still displayed after the programme ends" }
  public var needs: RuleNeeds { [.track] }

  public init() {}

  public func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings) {
    let duration = context.media?.duration
    for track in tracks {
      guard let facts = track.track.cea608 else { continue }
      let cues = track.track.cues
      if let still = facts.stillShown {
        let cue = CEA608Cues.cue(at: still.time, in: cues)
        let end = facts.dataEnd.map { " at \($0.timestamp())" } ?? ""
        findings.add(
          "the caption shown at \(still.time.timestamp()) is never erased: it is still on "
            + "screen when the caption data ends\(end)",
          in: track, cue: cue,
          hint: "erase it with Erase Displayed Memory (EDM, 942c) when its speech ends")
      }
      guard let duration, duration > .zero else { continue }
      for (offset, cue) in cues.enumerated() where cue.start < duration && cue.end > duration {
        // The caption the data leaves on screen is reported above, once.
        if let still = facts.stillShown, cue.start >= still.time { continue }
        findings.add(
          "cue \(offset + 1) stays on screen until \(cue.end.timestamp()), after the programme "
            + "ends at \(duration.timestamp())",
          in: track, cue: offset + 1,
          hint: "erase the caption (EDM) before the programme ends")
      }
    }
  }
}
