public import CaptionCore

/// `hls.characteristics`: captions or audio description in an HLS package that players cannot find,
/// for want of CHARACTERISTICS; emitted by the HLS package reader.
public struct HLSCharacteristicsRule: Rule {
  public var id: String { "hls.characteristics" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String {
    "captions or audio description in an HLS package that players cannot find, for "
      + "want of CHARACTERISTICS"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
