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
  /// True when text the pairs carried is left out of the captions: characters past the last
  /// column, which receivers drop; a control pair dropped for its parity with no good copy
  /// of it next to it (control codes are sent twice, so one copy usually comes through; a
  /// lost End Of Caption hides a caption). A character with a bad parity is shown as a
  /// block.
  public var losesText: Bool

  public init(
    kind: Kind, severity: Severity, message: String, hint: String? = nil, time: MediaTime,
    location: SourceLocation? = nil, channel: CEA608Channel? = nil, losesText: Bool = false
  ) {
    self.kind = kind
    self.severity = severity
    self.message = message
    self.hint = hint
    self.time = time
    self.location = location
    self.channel = channel
    self.losesText = losesText
  }

  /// The finding as a diagnostic of `rule`, in `file` (`Diagnostic.losesText` as the
  /// finding's).
  public func diagnostic(rule: String, file: String? = nil) -> Diagnostic {
    Diagnostic(
      rule: rule, severity: severity, message: message, file: file, location: location,
      hint: hint, losesText: losesText)
  }
}
