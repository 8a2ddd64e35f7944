/// Where a stream's closed captions are carried.
public enum ClosedCaptionSource: Sendable, Hashable {
  /// ATSC A/53 `cc_data` in the pictures of a video stream: SEI messages of H.264 or HEVC,
  /// picture user data of MPEG-2 video. `codec` is FFmpeg's name of the video codec.
  case a53(codec: String)
  /// A QuickTime closed-caption track (`c608`: `cdat` and `cdt2` atoms of byte pairs).
  case c608Track
  /// Another stream FFmpeg gives as `eia_608` (its packets hold `cc_data` triplets).
  case eia608Stream
}
