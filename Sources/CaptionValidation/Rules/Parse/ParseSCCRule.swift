public import CaptionCore

/// `parse.scc`: a problem the SCC reader or its CEA-608 decoder met; emitted by the SCC reader.
public struct ParseSCCRule: Rule {
  public var id: String { "parse.scc" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String {
    "a problem the SCC reader met in a file's timecodes and byte pairs, or the CEA-608 decoder "
      + "in the captions they carry"
  }
  public var needs: RuleNeeds { .external }

  public init() {}
}
