public import CaptionCore

/// One cue of a track to mux, its text already in the form the codec stores.
public struct MuxCue: Sendable, Hashable {
  public var start: MediaTime
  public var end: MediaTime
  /// The cue text: SRT cue text for `subrip` and `mov_text` (which FFmpeg's SubRip decoder
  /// and `mov_text` encoder convert), WebVTT cue text for `webvtt`.
  public var text: String
  /// The WebVTT cue identifier; empty when there is none or for other codecs.
  public var identifier: String
  /// The WebVTT cue settings as on a timing line (`line:0 align:start`); empty for none.
  public var settings: String

  public init(
    start: MediaTime, end: MediaTime, text: String, identifier: String = "",
    settings: String = ""
  ) {
    self.start = start
    self.end = end
    self.text = text
    self.identifier = identifier
    self.settings = settings
  }
}
