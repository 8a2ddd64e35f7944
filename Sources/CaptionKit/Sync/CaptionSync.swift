public import CaptionCore
public import CaptionValidation

/// `captionkit sync`: aligns a track's cues to the speech of a media file, or to another
/// track's cues, with `SyncEstimator`.
public enum CaptionSync {
  /// The fewest cues that hold speech an alignment is made from.
  public static let minimumCues = 5
  /// The confidence below which `sync` writes nothing unless forced (see Docs/commands/sync.md).
  public static let confidenceThreshold = 0.3

  /// What aligning found.
  public struct Result: Sendable {
    public var alignment: SyncAlignment
    /// The caption time each piece starts at: the start of its first cue that holds speech.
    public var pieceStarts: [MediaTime]
  }

  /// Why a track cannot be aligned.
  public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
    case tooFewCues(Int)
    case noReference
    case noAlignment

    public var description: String {
      switch self {
      case .tooFewCues(let count):
        return
          "the captions have \(count) cue\(count == 1 ? "" : "s") of speech; "
          + "aligning needs at least \(CaptionSync.minimumCues)"
      case .noReference: return "there is no speech to align the captions to"
      case .noAlignment: return "the captions overlap the speech under no offset"
      }
    }
  }

  /// The alignment of `track`'s cues that hold speech (not sound labels) to `reference`.
  public static func align(_ track: Track, to reference: Timeline) throws(Failure) -> Result {
    let speech = track.cues.filter(MediaTracks.isSpeech).sorted { $0.start < $1.start }
    guard speech.count >= minimumCues else { throw .tooFewCues(speech.count) }
    guard reference.duration > 0 else { throw .noReference }
    guard let alignment = SyncEstimator.align(speech, to: reference), alignment.agreement > 0
    else { throw .noAlignment }
    let starts = alignment.pieces.map { speech[$0.firstCue].start }
    return Result(alignment: alignment, pieceStarts: starts)
  }

  /// The reference of a track to align to: the time of its cues that hold speech.
  public static func reference(of track: Track) -> Timeline {
    Timeline(cues: track.cues.filter(MediaTracks.isSpeech))
  }

  /// Moves every cue of `track` (sound labels too) by the alignment: each cue takes the
  /// piece its start falls in. Timestamps inside cue text move with their cue's start.
  public static func apply(_ result: Result, to track: inout Track) {
    let alignment = result.alignment
    for index in track.cues.indices {
      var cue = track.cues[index]
      var piece = 0
      while piece + 1 < result.pieceStarts.count, result.pieceStarts[piece + 1] <= cue.start {
        piece += 1
      }
      let first = alignment.pieces[piece].firstCue
      // Nothing starts before the media: a cue mapped there starts at zero.
      let start = max(.zero, alignment.map(cue.start, cue: first))
      let end = max(start, alignment.map(cue.end, cue: first))
      let moved = start != cue.start || end != cue.end
      cue.start = start
      cue.end = end
      if moved, cue.text.plainString == nil {
        if let markup = cue.text.markup, !TrackShift.hasTimestampTag(markup.text) {
          // Kept as written, without inner timestamps.
        } else {
          // Inner timestamps are mapped as the cue's times are (the ratio included), and
          // kept inside the cue.
          let inside = { (time: MediaTime) in
            min(end, max(start, alignment.map(time, cue: first)))
          }
          cue.text = CueText(nodes: TrackShift.mapTimestamps(in: cue.text.nodes, inside))
          if track.format == .webvtt {
            cue.rawText = TrackShift.mapTimestamps(inRawText: cue.rawText, inside)
          }
        }
      }
      track.cues[index] = cue
    }
  }
}
