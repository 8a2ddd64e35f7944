public import CaptionCore

/// `timing.min-gap`: two cues so close that the change is seen as a flicker.
public struct MinGapRule: CompactCueRule {
  public var id: String { "timing.min-gap" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String {
    "a cue starts less than the minimum gap (2 frames) after the previous one"
  }
  public var trackKinds: Set<TrackKind> { Self.displayedKinds }
  public var needs: RuleNeeds { .track }

  public init() {}

  public func check(_ cue: CueInput, in track: TrackInput, findings: inout Findings) {
    guard let previous = cue.previous, cue.start >= previous.start else { return }
    let gap = cue.start.milliseconds - previous.end.milliseconds
    let frames = track.limits.minimumGapFrames
    // Cues that touch (a gap of 0) are chained on purpose; only a gap shorter than the
    // minimum flickers.
    guard gap > 0, Double(gap) * track.frameRate < Double(frames) * 1000 else { return }
    findings.add(
      cue: cue, values: FindingValues(Double(gap), Double(previous.index)), by: self, in: track)
  }

  /// `values`: the gap in milliseconds, the index of the cue before. `cue 2 starts 0.040 s
  /// after cue 1 ends; the minimum gap is 2 frames (0.083 s at 24 fps)`.
  public func word(
    _ part: FindingPart, of values: FindingValues, cue index: Int, in track: TrackInput,
    to text: inout ByteBuffer
  ) -> Bool {
    let previous = Int(values.second)
    let frames = track.limits.minimumGapFrames
    switch part {
    case .message:
      let minimum = Int64((Double(frames) * 1000 / track.frameRate).rounded())
      MessageFormat.appendCue(index, to: &text)
      MessageFormat.append(" starts ", to: &text)
      MessageFormat.appendSeconds(Int64(values.first), to: &text)
      MessageFormat.append(" after cue ", to: &text)
      MessageFormat.appendInteger(previous, to: &text)
      MessageFormat.append(" ends; ", to: &text)
      MessageFormat.appendLimit(track.limitName("minimum gap"), to: &text)
      MessageFormat.appendPlural(frames, "frame", to: &text)
      MessageFormat.append(" (", to: &text)
      MessageFormat.appendSeconds(minimum, to: &text)
      MessageFormat.append(" at ", to: &text)
      MessageFormat.appendNumber(track.frameRate, to: &text)
      MessageFormat.append(" fps)", to: &text)
    case .hint:
      MessageFormat.append("start cue ", to: &text)
      MessageFormat.appendInteger(index, to: &text)
      MessageFormat.append(" when cue ", to: &text)
      MessageFormat.appendInteger(previous, to: &text)
      MessageFormat.append(" ends, or leave at least ", to: &text)
      MessageFormat.appendPlural(frames, "frame", to: &text)
      MessageFormat.append(" between them", to: &text)
    }
    return true
  }
}
