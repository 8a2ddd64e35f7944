public import CaptionCore

/// One cue of a track to mux, its text already in the form the codec stores; for `c608`, a
/// run of CEA-608 byte pairs sent one a frame from `start`.
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
  /// For `c608`: the byte pairs of field 1 (parity set), one a frame (30000/1001 per second)
  /// from `start`; empty for the text codecs.
  public var pairs: [UInt16]

  public init(
    start: MediaTime, end: MediaTime, text: String, identifier: String = "",
    settings: String = "", pairs: [UInt16] = []
  ) {
    self.start = start
    self.end = end
    self.text = text
    self.identifier = identifier
    self.settings = settings
    self.pairs = pairs
  }
}
