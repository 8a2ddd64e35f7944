public import CaptionCore

/// `description.missing`: video with no description track, no described audio stream and
/// no transcript (WCAG 1.2.3, 1.2.5).
public struct DescriptionMissingRule: ContextRule {
  public var id: String { "description.missing" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "video with no audio description" }
  public var needs: RuleNeeds { .media }

  public init() {}

  public func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings) {
    guard let media = context.media, media.hasVideo, !media.hasDescribedAudio,
      !tracks.contains(where: { $0.kind == .descriptions })
    else { return }
    findings.add(
      "the media has video but no description track and no described audio stream",
      file: media.path,
      hint: "add \(NoCaptionsRule.stem(media.path)).en.descriptions.vtt, an audio description "
        + "stream, or a transcript")
  }
}
