/// The codec of a text track added by `MediaMuxer`; raw values are FFmpeg's codec names.
public enum MuxSubtitleCodec: String, Sendable, Hashable, CaseIterable {
  /// MP4's timed text (3GPP TS 26.245): plain text with bold, italic and underline.
  case movText = "mov_text"
  /// SubRip text as Matroska stores it (`S_TEXT/UTF8`): SRT cue text, `<i>`, `{\an8}`.
  case subrip
  /// WebVTT cues as Matroska and WebM store them: text, identifier and settings.
  case webvtt
}
