public import CaptionCore

/// `hls.uri`: a URI of an HLS package that is not read: remote, outside the package folder,
/// missing, unreadable, or a multivariant playlist where a media playlist belongs; emitted by the
/// HLS package reader.
public struct HLSURIRule: Rule {
  public var id: String { "hls.uri" }
  public var defaultSeverity: Severity { .error }
  public var summary: String {
    "a URI of an HLS package that is not read: remote, outside the package folder, "
      + "missing, unreadable, or a multivariant playlist where a media playlist belongs"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
