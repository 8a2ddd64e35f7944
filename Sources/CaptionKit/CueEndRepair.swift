/// Gives each cue that ends at or before its start an end, so that no writer writes a cue
/// that every format calls invalid (`convert.end-before-start`).
public enum CueEndRepair {
  public static let rule = "convert.end-before-start"

  /// Sets the end of every cue of `track` that ends at or before its start to its start plus
  /// `minimum`, with a warning naming the cue, its times as read and its new end. The cue
  /// keeps its words: dropping it would lose dialogue, and swapping the times would guess.
  public static func repair(_ track: inout Track, minimum: MediaTime) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for index in track.cues.indices where track.cues[index].end <= track.cues[index].start {
      let cue = track.cues[index]
      let end = cue.start + minimum
      diagnostics.append(
        Diagnostic(
          rule: rule, severity: .warning,
          message:
            "cue \(index + 1) ends at \(cue.end), "
            + (cue.end == cue.start ? "as it starts" : "before its start \(cue.start)")
            + "; written to end at \(end), its start plus the minimum duration",
          file: track.path, location: cue.location, cue: cue.reference(index: index + 1),
          hint: "give the cue its real end time"))
      track.cues[index].end = end
    }
    return diagnostics
  }

  /// The minimum duration of the default profile (`timing.min-duration`) for `language`.
  public static func minimumDuration(for language: LanguageTag?) -> MediaTime {
    let milliseconds =
      Configuration.defaults.profile()?.limits(for: language).minimumDurationMilliseconds
      ?? LocaleLimits.standard.minimumDurationMilliseconds
    return MediaTime(milliseconds: Int64(milliseconds))
  }
}
