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
  /// The number of cues of the track before the first of `cues`.
  private let base: Int

  /// The cue at `index` (1-based) of `cues`.
  public init(
    index: Int, of cues: [Cue], previous: (index: Int, start: MediaTime, end: MediaTime)? = nil,
    latestEnd: (index: Int, end: MediaTime)? = nil, text: CueTextView = CueTextView()
  ) {
    self.init(
      index: index, of: cues, after: 0, previous: previous, latestEnd: latestEnd, text: text)
  }

  /// The cue at `index` (1-based in the track) of `cues`, the track's cues after its first
  /// `base`.
  package init(
    index: Int, of cues: [Cue], after base: Int,
    previous: (index: Int, start: MediaTime, end: MediaTime)? = nil,
    latestEnd: (index: Int, end: MediaTime)? = nil, text: CueTextView = CueTextView()
  ) {
    self.index = index
    self.cues = cues
    self.base = base
    self.start = cues[index - 1 - base].start
    self.end = cues[index - 1 - base].end
    self.previous = previous
    self.latestEnd = latestEnd
    self.text = text
  }

  /// Moves on to the cue at `index` of the same cues: one input serves a run of cues, without
  /// a reference to the cues taken for each.
  package mutating func move(
    to index: Int, previous: (index: Int, start: MediaTime, end: MediaTime)?,
    latestEnd: (index: Int, end: MediaTime)?
  ) {
    self.index = index
    start = cues[index - 1 - base].start
    end = cues[index - 1 - base].end
    self.previous = previous
    self.latestEnd = latestEnd
  }

  /// The cue's identifier and place in its file, read without a copy of the cue (which
  /// would count a reference to its source, shared by the threads checking the cues).
  var cueID: String { cues.withUnsafeBufferPointer { $0.id(at: index - 1 - base) } }
  var cueLocation: SourceLocation? {
    cues.withUnsafeBufferPointer { $0.location(at: index - 1 - base) }
  }

  /// The cue.
  public var cue: Cue { cues[index - 1 - base] }

  /// The cue's reference for diagnostics.
  public var reference: CueReference { cue.reference(index: index) }

  /// The cue's duration in milliseconds (negative when it ends before it starts).
  public var durationMilliseconds: Int64 { end.milliseconds - start.milliseconds }

}
