public import CaptionCore

/// One cue as cue rules see it: its times, its neighbours' times, and its visible text; the
/// cue itself is read from the track only when a rule asks for it.
public struct CueInput: Sendable {
  /// 1-based position in the track.
  public var index: Int
  public var start: MediaTime
  public var end: MediaTime
  /// The cue before this one in the track, with its index.
  public var previous: (index: Int, start: MediaTime, end: MediaTime)?
  /// The earlier cue that ends last (for overlaps), with its index.
  public var latestEnd: (index: Int, end: MediaTime)?
  /// The visible text; empty unless a rule that needs `.cueText` is on.
  public var text: CueTextView
  private let cues: [Cue]

  /// The cue at `index` (1-based) of `cues`.
  public init(
    index: Int, of cues: [Cue], previous: (index: Int, start: MediaTime, end: MediaTime)? = nil,
    latestEnd: (index: Int, end: MediaTime)? = nil, text: CueTextView = CueTextView()
  ) {
    self.index = index
    self.cues = cues
    let cue = cues[index - 1]
    self.start = cue.start
    self.end = cue.end
    self.previous = previous
    self.latestEnd = latestEnd
    self.text = text
  }

  /// The cue.
  public var cue: Cue { cues[index - 1] }

  /// The cue's reference for diagnostics.
  public var reference: CueReference { cue.reference(index: index) }

  /// The cue's duration in milliseconds (negative when it ends before it starts).
  public var durationMilliseconds: Int64 { end.milliseconds - start.milliseconds }
}
