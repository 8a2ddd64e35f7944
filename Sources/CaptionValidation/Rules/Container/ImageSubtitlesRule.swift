public import CaptionCore

/// `container.image-subtitles`: bitmap subtitles (PGS, VobSub, DVB) whose text cannot be checked; emitted when embedded tracks are read.
public struct ImageSubtitlesRule: Rule {
  public var id: String { "container.image-subtitles" }
  public var defaultSeverity: Severity { .remark }
  public var summary: String { "bitmap subtitles are present but their text cannot be checked" }
  public var needs: RuleNeeds { .external }

  public init() {}
}
