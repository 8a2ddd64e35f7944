public import CaptionCore

/// `hls.timestamp-map`: WebVTT segments whose cues a player shows away from their place, for a
/// missing or wrong X-TIMESTAMP-MAP; emitted by the HLS package reader.
public struct HLSTimestampMapRule: Rule {
  public var id: String { "hls.timestamp-map" }
  public var defaultSeverity: Severity { .error }
  public var summary: String {
    "WebVTT segments whose cues a player shows away from their place, for a missing "
      + "or wrong X-TIMESTAMP-MAP"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
