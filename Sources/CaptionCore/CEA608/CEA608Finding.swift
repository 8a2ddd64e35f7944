/// A problem or fact the CEA-608 decoder met in the byte pairs, at the pair that showed it.
/// The reader of the pairs makes it a finding under its own rule (`diagnostic(rule:file:)`).
public struct CEA608Finding: Sendable, Hashable {
  /// What was found.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A byte without odd parity.
    case parity
    /// A control pair no 608 code has, or bytes where none belong.
    case unknownCode
    /// Characters written past column 32, which receivers drop.
    case pastLastColumn
    /// A caption of more than 4 rows.
    case tooManyRows
    /// An XDS packet whose checksum is wrong, or that never ended.
    case xdsChecksum
    /// A caption still on screen when the pairs end.
    case stillShown
  }

  public var kind: Kind
  public var severity: Severity
  /// One phrase, lowercase, no final period.
  public var message: String
  public var hint: String?
  /// The time of the pair.
  public var time: MediaTime
  /// Where the pair was read, when known.
  public var location: SourceLocation?
  /// The caption channel it concerns; nil for XDS and for pairs of no channel.
  public var channel: CEA608Channel?

  public init(
    kind: Kind, severity: Severity, message: String, hint: String? = nil, time: MediaTime,
    location: SourceLocation? = nil, channel: CEA608Channel? = nil
  ) {
    self.kind = kind
    self.severity = severity
    self.message = message
    self.hint = hint
    self.time = time
    self.location = location
    self.channel = channel
  }

  /// The finding as a diagnostic under `rule`, in `file`.
  /// The finding as a diagnostic of `rule`; a pair dropped for its parity, and characters
  /// past the last column, lose text (`Diagnostic.losesText`).
  public func diagnostic(rule: String, file: String? = nil) -> Diagnostic {
    Diagnostic(
      rule: rule, severity: severity, message: message, file: file, location: location,
      hint: hint, losesText: kind == .parity || kind == .pastLastColumn)
  }
}
