public import CaptionCore

/// `hls.groups`: a variant that names a rendition group no EXT-X-MEDIA defines, or variants that
/// offer different subtitle or caption groups; emitted by the HLS package reader.
public struct HLSGroupsRule: Rule {
  public var id: String { "hls.groups" }
  public var defaultSeverity: Severity { .error }
  public var summary: String {
    "a variant that names a rendition group no EXT-X-MEDIA defines, or variants "
      + "that offer different subtitle or caption groups"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
