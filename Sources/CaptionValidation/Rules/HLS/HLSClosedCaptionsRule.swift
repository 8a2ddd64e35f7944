public import CaptionCore

/// `hls.closed-captions`: a CLOSED-CAPTIONS rendition whose INSTREAM-ID is not CC1-CC4 or
/// SERVICE1-SERVICE63, or names a channel or service the video does not carry; captions in
/// the video that no rendition declares (a warning); emitted by the HLS package reader.
public struct HLSClosedCaptionsRule: Rule {
  public var id: String { "hls.closed-captions" }
  public var defaultSeverity: Severity { .error }
  public var summary: String {
    "a CLOSED-CAPTIONS rendition whose INSTREAM-ID is not CC1-CC4 or SERVICE1-SERVICE63, or "
      + "names captions the video does not carry; captions in the video none declares"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
