/// Where a transcript entry comes from: a track of the transcript and a cue of that track.
public struct TranscriptSource: Sendable, Hashable {
  /// The index of the track in `Transcript.tracks` (0-based).
  public var track: Int
  /// The cue's number in its track, 1-based as in diagnostics ("cue 6").
  public var cue: Int

  public init(track: Int, cue: Int) {
    self.track = track
    self.cue = cue
  }
}
