public import CaptionCore

/// How a configuration sets a rule: a severity, or off.
public enum RuleSetting: Sendable, Hashable {
  case off
  case severity(Severity)

  /// `"off"`, `"error"`, `"warning"` or `"remark"`.
  public init?(name: String) {
    if name == "off" {
      self = .off
    } else if let severity = Severity(rawValue: name) {
      self = .severity(severity)
    } else {
      return nil
    }
  }

  public var name: String {
    switch self {
    case .off: return "off"
    case .severity(let severity): return severity.rawValue
    }
  }

  /// The severity, or nil when the rule is off.
  public var severity: Severity? {
    if case .severity(let severity) = self { return severity }
    return nil
  }
}
