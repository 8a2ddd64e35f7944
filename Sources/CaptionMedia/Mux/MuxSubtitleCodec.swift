/// The codec of a track added by `MediaMuxer`; raw values are the names `mux --track
/// FILE:codec=` takes: FFmpeg's codec names, and `c608` for FFmpeg's `eia_608`.
public enum MuxSubtitleCodec: String, Sendable, Hashable, CaseIterable {
  /// MP4's timed text (3GPP TS 26.245): plain text with bold, italic and underline.
  case movText = "mov_text"
  /// SubRip text as Matroska stores it (`S_TEXT/UTF8`): SRT cue text, `<i>`, `{\an8}`.
  case subrip
  /// WebVTT cues as Matroska and WebM store them: text, identifier and settings.
  case webvtt
  /// CEA-608 closed captions in a QuickTime `c608` track (FFmpeg's `eia_608`): byte pairs of
  /// field 1, one a frame at 29.97 frames per second. Only FFmpeg's MOV muxer has a tag for
  /// it.
  case c608
}
