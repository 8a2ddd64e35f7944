public import CaptionCore

/// `parse.encoding`: the file is not UTF-8: the encoding detected and used; emitted by text decoding, for every reader.
public struct ParseEncodingRule: Rule {
  public let id = "parse.encoding"
  public let defaultSeverity = Severity.warning
  public let summary = "the file is not UTF-8: the encoding detected and used"
  public let needs: RuleNeeds = .external

  public init() {}
}
