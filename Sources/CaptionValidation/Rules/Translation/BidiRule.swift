public import CaptionCore

/// `translation.bidi`: a right-to-left line that starts or ends with left-to-right text or a
/// number and has no directional mark, so players show it in the wrong order.
public struct BidiRule: CueRule {
  public var id: String { "translation.bidi" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String {
    "a right-to-left line starts or ends with a Latin word or a number and has no RLM or LRM"
  }
  public var needs: RuleNeeds { [.track, .cueText] }

  public init() {}

  public func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings) {
    guard track.limits.rightToLeft else { return }
    let lines = cue.text.lines
    for (offset, line) in lines.enumerated()
    where line.hasRightToLeft && !line.hasDirectionalMark {
      let which = lines.count == 1 ? "cue \(cue.index)" : "line \(offset + 1) of cue \(cue.index)"
      let language = track.language.map { " (\($0))" } ?? ""
      if line.firstLetter == .leftToRightLetter || line.first == .digit {
        let what = line.first == .digit ? "a number" : "left-to-right text"
        findings.add(
          "\(which)\(language) starts with \(what) and has no directional mark", cue: cue,
          hint: "put a right-to-left mark (U+200F, &rlm; in WebVTT) at the start of the line")
      } else if line.last == .leftToRightLetter || line.last == .digit {
        let what = line.last == .digit ? "a number" : "left-to-right text"
        findings.add(
          "\(which)\(language) ends with \(what) and has no directional mark", cue: cue,
          hint: "put a right-to-left mark (U+200F, &rlm; in WebVTT) at the end of the line")
      }
    }
  }
}
