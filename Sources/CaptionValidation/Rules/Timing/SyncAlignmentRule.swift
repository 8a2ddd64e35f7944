public import CaptionCore

/// `timing.sync-alignment`: why `sync` wrote nothing; emitted by `sync`.
public struct SyncAlignmentRule: Rule {
  public var id: String { "timing.sync-alignment" }
  public var defaultSeverity: Severity { .error }
  public var summary: String {
    "captions sync could not align: no speech, too few cues, or an alignment below the threshold"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
