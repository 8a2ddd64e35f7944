public import CaptionCore

/// `parse.hls`: a problem the HLS playlist reader met in a playlist's grammar: its header,
/// encoding, line ends, tags, attribute lists and required attributes; emitted by the HLS playlist
/// reader.
public struct ParseHLSRule: Rule {
  public var id: String { "parse.hls" }
  public var defaultSeverity: Severity { .error }
  public var summary: String {
    "a problem the HLS playlist reader met in a playlist's grammar: its header, "
      + "encoding, line ends, tags, attribute lists and required attributes"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
