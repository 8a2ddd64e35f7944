public import CaptionCore

/// `cea608.layout`: CEA-608 captions in a media file written past column 32 (receivers drop
/// the characters) or with more than 4 rows.
public struct CEA608LayoutRule: TrackRule {
  public var id: String { "cea608.layout" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String {
    "608 captions in a media file with text past column 32 or more than 4 rows"
  }
  public var needs: RuleNeeds { [.track] }

  public init() {}

  public func check(_ track: TrackInput, findings: inout Findings) {
    guard let facts = track.track.cea608 else { return }
    for finding in facts.layoutFindings {
      let message = CEA608Cues.withoutChannel(finding.message, facts.channel)
      let cue = CEA608Cues.cue(at: finding.time, in: track.track.cues)
      findings.add(
        "\(message) (sent at \(finding.time.timestamp()))", in: track, cue: cue,
        hint: finding.hint ?? "break the caption into rows of at most 32 characters")
    }
  }
}
