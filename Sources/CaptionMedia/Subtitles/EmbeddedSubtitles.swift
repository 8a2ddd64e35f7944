public import CaptionCore

/// What a media file's subtitle streams hold: a track for each text stream read, every
/// subtitle stream described, and what was found on the way.
public struct EmbeddedSubtitles: Sendable {
  /// One track per text stream read, in stream order; `Track.stream` is the stream index.
  public var tracks: [Track]
  /// Every subtitle stream of the file, read or not, in stream order.
  public var streams: [SubtitleStream]
  /// Image subtitles (`container.image-subtitles`), streams that could not be read, cues
  /// without a duration (`container.subtitle-stream`).
  public var diagnostics: [Diagnostic]

  /// How many streams of every type the file has; nil when not known.
  public var streamCount: Int?

  public init(
    tracks: [Track], streams: [SubtitleStream], diagnostics: [Diagnostic], streamCount: Int? = nil
  ) {
    self.tracks = tracks
    self.streams = streams
    self.diagnostics = diagnostics
    self.streamCount = streamCount
  }

  /// The description of the stream a track was read from.
  public func stream(of track: Track) -> SubtitleStream? {
    streams.first { $0.index == track.stream }
  }
}
