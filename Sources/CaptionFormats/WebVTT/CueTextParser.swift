public import CaptionCore

/// The WebVTT cue text parsing rules: raw cue text to a `CueText` tree.
public enum CueTextParser {
  /// Parses `text`, the cue text of one cue. `location` is where the text starts in the file
  /// (used to place diagnostics); `cueRange` bounds the inner timestamps.
  public static func parse(
    _ text: String, location: SourceLocation? = nil, cueRange: TimeRange? = nil,
    file: String? = nil
  ) -> (text: CueText, diagnostics: [Diagnostic]) {
    (CueText(plain: text), [])
  }
}
