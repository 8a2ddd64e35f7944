public import CaptionCore

/// `hls.flags`: DEFAULT, AUTOSELECT and FORCED of HLS renditions that contradict each other or RFC
/// 8216; emitted by the HLS package reader.
public struct HLSFlagsRule: Rule {
  public var id: String { "hls.flags" }
  public var defaultSeverity: Severity { .error }
  public var summary: String {
    "DEFAULT, AUTOSELECT and FORCED of HLS renditions that contradict each other or "
      + "RFC 8216"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
