public import CaptionCore

/// The closed-caption data of a media file, read in its one pass (`MediaFile.read` with
/// `closedCaptions: true`): the raw CEA-608 byte pairs and CEA-708 service blocks of each
/// stream that carries them, for the 608 and 708 decoders to turn into cues.
public struct MediaClosedCaptions: Sendable, Hashable {
  /// The rule of the diagnostics about caption data that cannot be read.
  public static let rule = "container.closed-captions"
  /// How many diagnostics are kept at most: a damaged file can have one per picture.
  public static let diagnosticLimit = 100

  /// One entry per stream read that may carry captions (every H.264, HEVC and MPEG-2 video
  /// stream, every `eia_608` stream), in stream order, whether or not it held any.
  public var streams: [ClosedCaptionStream]
  /// What could not be read: malformed SEI messages, `cc_data` that runs past its payload,
  /// DTVCC packets that do not add up; at most `diagnosticLimit`.
  public var diagnostics: [Diagnostic]
  /// How many diagnostics more were found and not kept.
  public var omittedDiagnostics: Int

  public init(
    streams: [ClosedCaptionStream] = [], diagnostics: [Diagnostic] = [],
    omittedDiagnostics: Int = 0
  ) {
    self.streams = streams
    self.diagnostics = diagnostics
    self.omittedDiagnostics = omittedDiagnostics
  }

  /// The streams that carry caption data.
  public var captioned: [ClosedCaptionStream] { streams.filter(\.hasCaptions) }
}
