public import CaptionCore

/// `container.closed-captions`: caption data in a media file that cannot be read as sent:
/// malformed SEI messages or user data, `cc_count` past the payload, DTVCC packets that do
/// not add up, and the 608 decoder's parity errors, unknown codes and bad XDS checksums;
/// emitted when the closed captions are read.
public struct ClosedCaptionDataRule: Rule {
  public var id: String { "container.closed-captions" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "closed-caption data in a media file that cannot be read as sent" }
  public var needs: RuleNeeds { .external }

  public init() {}
}
