public import CaptionCore

/// One cue as cue rules see it: the cue, its neighbours' times, and its visible text.
public struct CueInput: Sendable {
  /// 1-based position in the track.
  public var index: Int
  public var cue: Cue
  /// The cue before this one in the track, with its index.
  public var previous: (index: Int, start: MediaTime, end: MediaTime)?
  /// The earlier cue that ends last (for overlaps), with its index.
  public var latestEnd: (index: Int, end: MediaTime)?
  /// The visible text; empty unless a rule that needs `.cueText` is on.
  public var text: CueTextView

  public init(
    index: Int, cue: Cue, previous: (index: Int, start: MediaTime, end: MediaTime)? = nil,
    latestEnd: (index: Int, end: MediaTime)? = nil, text: CueTextView = CueTextView()
  ) {
    self.index = index
    self.cue = cue
    self.previous = previous
    self.latestEnd = latestEnd
    self.text = text
  }

  /// The cue's reference for diagnostics.
  public var reference: CueReference { cue.reference(index: index) }

  /// The cue's duration in milliseconds (negative when it ends before it starts).
  public var durationMilliseconds: Int64 { cue.end.milliseconds - cue.start.milliseconds }
}
