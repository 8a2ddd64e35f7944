public import CaptionCore

/// `timing.beyond-media`: a cue that starts at or after the end of the media, so it is
/// never shown.
public struct BeyondMediaRule: ContextRule {
  public var id: String { "timing.beyond-media" }
  public var defaultSeverity: Severity { .error }
  public var summary: String { "a cue starts after the media ends" }
  public var needs: RuleNeeds { [.track, .media] }

  public init() {}

  public func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings) {
    guard let duration = context.media?.duration, duration > .zero else { return }
    for track in tracks where track.kind != .chapters && track.kind != .metadata {
      for (offset, cue) in track.track.cues.enumerated() where cue.start >= duration {
        findings.add(
          "cue \(offset + 1) starts at \(cue.start), after the media ends at \(duration)",
          in: track, cue: offset + 1,
          hint: "remove the cue, or check that the track belongs to this media")
      }
    }
  }
}
