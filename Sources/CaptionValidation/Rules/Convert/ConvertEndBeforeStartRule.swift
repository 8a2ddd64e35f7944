public import CaptionCore

/// `convert.end-before-start`: a cue that ends at or before its start, given an end by the
/// writer's caller; emitted by convert, extract and mux.
public struct ConvertEndBeforeStartRule: Rule {
  public var id: String { "convert.end-before-start" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String {
    "a cue that ends at or before its start, written to end the minimum duration after it"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
