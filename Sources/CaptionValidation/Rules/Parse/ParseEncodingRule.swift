public import CaptionCore

/// `parse.encoding`: the file is not UTF-8: the encoding detected and used; emitted by text decoding, for every reader.
public struct ParseEncodingRule: Rule {
  public var id: String { "parse.encoding" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "the file is not UTF-8: the encoding detected and used" }
  public var needs: RuleNeeds { .external }

  public init() {}
}
