public import CaptionCore

/// `dash.fragments`: text in MP4 fragments (`wvtt`, `stpp`) that cannot be read or is not shown
/// as written: damaged boxes, a truncated segment, samples out of time order, TTML cues outside
/// their sample's time; emitted by the DASH package reader.
public struct DASHFragmentsRule: Rule {
  public var id: String { "dash.fragments" }
  public var defaultSeverity: Severity { .error }
  public var summary: String {
    "text in MP4 fragments (wvtt, stpp) that cannot be read or is not shown as written: "
      + "damaged or truncated boxes, samples out of order, TTML cues outside their sample"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
