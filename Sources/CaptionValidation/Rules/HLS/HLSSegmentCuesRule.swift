public import CaptionCore

/// `hls.segment-cues`: WebVTT segments whose cues lie outside the segment's own time, or
/// cues that run into the next segment without being repeated there; emitted by the HLS
/// package reader.
public struct HLSSegmentCuesRule: Rule {
  public var id: String { "hls.segment-cues" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String {
    "an HLS WebVTT segment with a cue outside its own time, or a cue that runs into the next "
      + "segment without being repeated there"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
