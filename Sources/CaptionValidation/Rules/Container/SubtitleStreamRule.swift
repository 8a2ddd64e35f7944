public import CaptionCore

/// `container.subtitle-stream`: a problem reading a text subtitle stream (a packet without duration or timestamp, a rejected packet, an unreadable stream); emitted when embedded tracks are read.
public struct SubtitleStreamRule: Rule {
  public var id: String { "container.subtitle-stream" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "a problem reading a text subtitle stream of a media file" }
  public var needs: RuleNeeds { .external }

  public init() {}
}
