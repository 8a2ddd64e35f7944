public import CaptionCore

/// `container.not-kept`: something of the input the output container of `mux` cannot store (a language tag's script or region, a data stream, a text codec); emitted by `mux`.
public struct NotKeptRule: Rule {
  public var id: String { "container.not-kept" }
  public var defaultSeverity: Severity { .remark }
  public var summary: String { "something of the input that the output container cannot store" }
  public var needs: RuleNeeds { .external }

  public init() {}
}
