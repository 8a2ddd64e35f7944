public import CaptionCore

/// What `MediaMuxer` wrote: the streams of the new file and what could not be kept.
public struct MuxResult: Sendable {
  /// The streams copied from the input: (input index, output index).
  public var copied: [(input: Int, output: Int)]
  /// The output index of each added track, in the order given.
  public var added: [Int]
  /// Remarks: a flag or a language detail the container cannot store, a stream not copied.
  public var diagnostics: [Diagnostic]
  /// What the read of the input found damaged (truncated, corrupt packets): the copy ends
  /// or skips where the input does, though its own index would not say so.
  public var damage: MediaDamageReport

  public init(
    copied: [(input: Int, output: Int)], added: [Int], diagnostics: [Diagnostic],
    damage: MediaDamageReport = MediaDamageReport()
  ) {
    self.copied = copied
    self.added = added
    self.diagnostics = diagnostics
    self.damage = damage
  }
}
