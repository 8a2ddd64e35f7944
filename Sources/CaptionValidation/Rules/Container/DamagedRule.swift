public import CaptionCore

/// `container.damaged`: the media file's data is damaged or incomplete (a stream ends before
/// its declared end, corrupt packets, packets that cannot be decoded); emitted when the media
/// is read.
public struct DamagedRule: Rule {
  public var id: String { "container.damaged" }
  public var defaultSeverity: Severity { .error }
  public var summary: String {
    "the media's data is damaged or incomplete: streams end early, packets are corrupt or cannot be decoded"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
