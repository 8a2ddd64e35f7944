public import CaptionCore

/// `readability.control-character`: a cue whose text holds a control character (C0 other
/// than tab and line breaks, DEL, or C1). No player shows one as text: some draw a box,
/// some nothing, and it is usually a sign of bytes read in the wrong encoding.
public struct ControlCharacterRule: CueRule {
  public var id: String { "readability.control-character" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "a cue's text holds a control character" }
  public var needs: RuleNeeds { [.track, .cueText] }

  public init() {}

  public func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings) {
    guard let control = cue.text.firstControl else { return }
    let hex = String(control.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    let name = Self.names[control.value].map { " (\($0))" } ?? ""
    findings.add(
      "cue \(cue.index) holds the control character \(code)\(name), which players do not "
        + "show as text",
      cue: cue,
      hint: control.value == 0x1B
        ? "an escape character starts a terminal's colour code or a character set of "
          + "ISO-2022 text: remove it, or convert the file to UTF-8 from its encoding"
        : "remove it; if the file holds more such characters, check its encoding")
  }

  /// Short names of the control characters met most often in caption files.
  private static let names: [UInt32: String] = [
    0x00: "NUL", 0x01: "SOH", 0x02: "STX", 0x03: "ETX", 0x04: "EOT", 0x07: "BEL",
    0x08: "backspace", 0x0B: "vertical tab", 0x0C: "form feed", 0x1A: "SUB", 0x1B: "escape",
    0x7F: "DEL", 0x85: "NEL", 0x9B: "CSI",
  ]
}
