/// What the CEA-708 decoder made of one caption service's blocks: its cues and findings.
public struct CEA708ServiceCaptions: Sendable, Hashable {
  /// The service number, 1-63.
  public var service: Int
  /// The captions, in the order they were shown, timed to the millisecond.
  public var cues: [Cue]
  /// The findings, in the order of the blocks.
  public var findings: [CEA708Finding]

  public init(service: Int, cues: [Cue] = [], findings: [CEA708Finding] = []) {
    self.service = service
    self.cues = cues
    self.findings = findings
  }

  /// `SERVICE1` ... `SERVICE63`: the name HLS gives a 708 service (`INSTREAM-ID`).
  public static func name(of service: Int) -> String { "SERVICE\(service)" }
}

/// A problem the CEA-708 decoder met in a service's blocks, at the block that showed it.
public struct CEA708Finding: Sendable, Hashable {
  public var severity: Severity
  /// One phrase, lowercase, no final period.
  public var message: String
  public var hint: String?
  /// The time of the block.
  public var time: MediaTime
  /// True when text the blocks carried is left out of the captions.
  public var losesText: Bool

  public init(
    severity: Severity, message: String, hint: String? = nil, time: MediaTime,
    losesText: Bool = false
  ) {
    self.severity = severity
    self.message = message
    self.hint = hint
    self.time = time
    self.losesText = losesText
  }

  /// The finding as a diagnostic of `rule`, in `file`.
  public func diagnostic(rule: String, file: String? = nil) -> Diagnostic {
    Diagnostic(
      rule: rule, severity: severity, message: message, file: file, hint: hint,
      losesText: losesText)
  }
}
